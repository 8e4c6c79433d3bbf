import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

describe("the contract's schemas", () => {
  it("write no message of their own: every one is in the catalogue, so it has a code", () => {
    const root = fileURLToPath(new URL("../../../../packages/contract/src/", import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "messages.ts",
    );
    // A literal after error: or message:, or as a check's message argument (.min(1, "…"), .refine(f, "…")).
    const literal =
      /\b(error|message):\s*["'`]|\.(min|max|length|regex|refine|email|url)\([^()]*(\([^()]*\))?[^()]*,\s*["'`]/;
    const found = files.flatMap((name) =>
      readFileSync(`${root}${name}`, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          literal.test(line) && !line.trim().startsWith("*") ? [`${name}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
