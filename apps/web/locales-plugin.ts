import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";
// By path, not by package: Vite bundles a config's relative imports, while a package it leaves to Node,
// which cannot load the contract's TypeScript.
import { messageTemplates } from "../../packages/contract/src/messages.ts";

const localeFile = /\/src\/locales\/(\w+)\.json$/;

/**
 * Serves each locale file as a module of ready texts. A text with ICU arguments is parsed here, at build,
 * into its syntax tree, so the browser needs no message parser (about 10 KB gzip off every page); a plain
 * text stays a string. English also gets the server's messages (`error.<code>`) from the contract's
 * catalogue, their one home, which the other languages translate.
 */
export function localesPlugin(): Plugin {
  return {
    name: "rewards-locales",
    enforce: "pre",
    transform(source, id) {
      const language = localeFile.exec(id.split("?")[0] ?? "")?.[1];
      if (!language) return null;
      const texts: Record<string, string> = JSON.parse(source);
      if (language === "en") {
        for (const [code, text] of Object.entries(messageTemplates)) texts[`error.${code}`] = text;
      }
      const compiled = Object.fromEntries(
        Object.entries(texts).map(([key, text]) => [
          key,
          text.includes("{") ? parse(text, { ignoreTag: true }) : text,
        ]),
      );
      // Still JSON: Vite's own JSON step turns it into the module.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
