import type { Language } from "@rewards/contract";
import { de } from "./de.ts";
import { en, type MailTextKey, type MailTexts } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { ja } from "./ja.ts";
import { zh } from "./zh.ts";

export type { MailTextKey };

/** Every language's e-mail texts; the type makes a missing key a compile error. */
export const mailTexts: Record<Language, MailTexts> = { en, de, es, fr, ja, zh };

/**
 * A text of the server's e-mails in a language, its `{name}` placeholders filled from values. Plain
 * replacement, not ICU: e-mails need no plurals, and a value's own braces stay as written.
 */
export function mailText(language: Language, key: MailTextKey, values: Record<string, string> = {}): string {
  return mailTexts[language][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : placeholder,
  );
}
