import { readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { languages, messageTemplates } from "@rewards/contract";
import { describe, expect, it } from "vitest";

// Every language holds every text of the English one: the web's own (en.json) and the server's messages
// (error.<code>, whose English is the contract's catalogue), with the same ICU arguments.
// A string, not a URL object: the tests' DOM replaces the URL class.
const directory = `${dirname(fileURLToPath(import.meta.url))}/`;
const read = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(`${directory}${language}.json`, "utf8"));

const english: Record<string, string> = {
  ...read("en"),
  ...Object.fromEntries(Object.entries(messageTemplates).map(([code, text]) => [`error.${code}`, text])),
};

/** The argument names of an ICU message, with their kind (plain, number, plural…), sorted. */
function argumentsOf(text: string): string[] {
  const found = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ("value" in element && element.type !== TYPE.literal) {
        found.add(String(element.value));
      }
      if ("options" in element) for (const option of Object.values(element.options)) visit(option.value);
      if ("children" in element) visit(element.children);
    }
  };
  visit(parse(text, { ignoreTag: true }));
  return [...found].sort();
}

describe("locale files", () => {
  it("are the six languages, one file each", () => {
    const files = readdirSync(directory).filter((name) => name.endsWith(".json"));
    expect(files.map((name) => name.replace(".json", "")).sort()).toEqual([...languages].sort());
  });

  it("English holds no server message of its own: the contract's catalogue is their English", () => {
    expect(Object.keys(read("en")).filter((key) => key.startsWith("error."))).toEqual([]);
  });

  it("every English text is a valid ICU message", () => {
    for (const [key, text] of Object.entries(english)) {
      expect(() => argumentsOf(text), key).not.toThrow();
    }
  });

  for (const language of languages.filter((language) => language !== "en")) {
    describe(language, () => {
      const texts = read(language);

      it("has every key and no other", () => {
        const missing = Object.keys(english).filter((key) => !(key in texts));
        const unknown = Object.keys(texts).filter((key) => !(key in english));
        expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
      });

      it("has no empty text", () => {
        expect(Object.keys(texts).filter((key) => !texts[key]?.trim())).toEqual([]);
      });

      it("uses the same arguments as English in every text", () => {
        const different = Object.entries(texts)
          .filter(([key]) => key in english)
          .flatMap(([key, text]) => {
            let own: string[];
            try {
              own = argumentsOf(text);
            } catch (error) {
              return [`${key}: not ICU (${(error as Error).message})`];
            }
            const expected = argumentsOf(english[key] ?? "");
            return own.join() === expected.join() ? [] : [`${key}: ${own.join()} ≠ ${expected.join()}`];
          });
        expect(different).toEqual([]);
      });
    });
  }
});
