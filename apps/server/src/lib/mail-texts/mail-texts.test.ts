import { languages } from "@rewards/contract";
import { describe, expect, it } from "vitest";
import { en, type MailTextKey } from "./en.ts";
import { mailText, mailTexts } from "./index.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const keys = Object.keys(en) as MailTextKey[];

describe("the server's e-mail texts", () => {
  it.each(languages.filter((language) => language !== "en"))(
    "%s has every text, none empty, with English's placeholders",
    (language) => {
      const texts = mailTexts[language];
      expect(Object.keys(texts).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        expect(texts[key].trim(), `${language} ${key}`).not.toBe("");
        expect(placeholders(texts[key]), `${language} ${key}`).toEqual(placeholders(en[key]));
      }
    },
  );

  it("fills the placeholders it is given and keeps the others", () => {
    expect(mailText("de", "reward.subject", { reward: "Amazon $5" })).toBe("Ihre Prämie Amazon $5 ist da");
    expect(mailText("en", "reward.subject")).toBe("Your {reward} is here");
    // A value's own braces or $ patterns are written as they are.
    expect(mailText("en", "reset.text", { name: "{link} $&", link: "L" })).toContain("Hello {link} $&,");
  });
});
