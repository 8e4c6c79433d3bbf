import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeEmailHtml } from "./html.ts";

describe("sanitizeEmailHtml", () => {
  it("keeps formatting, lists, headings and safe links", () => {
    const html =
      '<h2>Hi</h2><p>Your <strong>card</strong> and <em>code</em>:</p><ul><li>one</li></ul><a href="https://shop.test/redeem">Redeem</a>';
    expect(sanitizeEmailHtml(html)).toBe(
      '<h2>Hi</h2><p>Your <strong>card</strong> and <em>code</em>:</p><ul><li>one</li></ul><a href="https://shop.test/redeem" rel="noopener noreferrer" target="_blank">Redeem</a>',
    );
  });

  it("removes scripts, event handlers, styles, images and javascript: links", () => {
    const html =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src="https://t.test/pixel.gif"><a href="javascript:alert(2)">x</a><iframe src="https://evil.test"></iframe>';
    const clean = sanitizeEmailHtml(html);
    expect(clean).toBe('<p>Hi</p><a rel="noopener noreferrer" target="_blank">x</a>');
    expect(clean).not.toMatch(/script|onclick|style|img|javascript|iframe/);
  });
});

it("turns sanitised HTML into readable text", () => {
  expect(htmlToText("<p>Hello &amp; welcome</p><p>Line two<br>Line three</p>")).toBe(
    "Hello & welcome\nLine two\nLine three",
  );
});
