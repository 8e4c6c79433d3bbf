import {
  isArgumentElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  type MessageFormatElement,
} from "@formatjs/icu-messageformat-parser";
import { describeMessage, type Language, type MessageCode, type MessageParts } from "@rewards/contract";
import { IntlMessageFormat } from "intl-messageformat";
import type en from "../locales/en.json";
import { formatNumber } from "./format";
import { browserLanguageKey, type Catalogue, useLanguageStore } from "./language";

/** A text's key: the web's own (locales/en.json), or a server message's code as `error.<code>`. */
export type I18nKey = keyof typeof en | `error.${MessageCode}`;

// One chunk per language, fetched when chosen: the sign-in page carries no texts of its own.
const catalogueLoaders = import.meta.glob<Catalogue>("../locales/*.json", { import: "default" });
const loaderOf = (language: Language) => catalogueLoaders[`../locales/${language}.json`];

/**
 * Loads a language's texts and shows it: the page's lang attribute follows, and the choice is kept in this
 * browser for the next sign-in page. A language already shown costs nothing.
 */
export async function showLanguage(language: Language): Promise<void> {
  const state = useLanguageStore.getState();
  if (state.language === language && Object.keys(state.catalogue).length > 0) return;
  const loader = loaderOf(language);
  if (!loader) throw new Error(`No texts for ${language}`);
  const catalogue = await loader();
  formats.clear();
  useLanguageStore.setState({ language, catalogue });
  document.documentElement.lang = language;
  try {
    localStorage.setItem(browserLanguageKey, language);
  } catch {
    // Storage can be off (private windows): the choice then lasts for this page only.
  }
}

// Parsed messages of the language shown, by key: parsing once keeps a long table's cells cheap.
const formats = new Map<string, { message: IntlMessageFormat; plain: Set<string> }>();

/**
 * The text of a key in the language shown, with ICU arguments filled from vars (`{name}`, plurals,
 * numbers). A key the language lacks shows the key itself, which the locale checks keep from shipping.
 */
export function t(key: I18nKey, vars?: Record<string, string | number>): string {
  const { catalogue, language } = useLanguageStore.getState();
  const text = catalogue[key];
  if (text === undefined) return key;
  if (typeof text === "string") return text;
  let format = formats.get(key);
  if (!format) {
    // ignoreTag: a "<" in a text is a character, not rich-text markup.
    format = {
      message: new IntlMessageFormat(text, language, undefined, { ignoreTag: true }),
      plain: plainArgumentsOf(text),
    };
    formats.set(key, format);
  }
  const values =
    vars &&
    Object.fromEntries(
      Object.entries(vars).map(([name, value]) => [
        name,
        typeof value === "number" && format.plain.has(name) ? formatNumber(value) : value,
      ]),
    );
  return String(format.message.format(values));
}

/**
 * The arguments a text shows as plain `{name}`. ICU prints a number given for one as it is ("12480");
 * t() formats it in the language first (12,480 or 12.480). An argument a plural or a select also uses
 * stays a number, as they need one.
 */
function plainArgumentsOf(elements: MessageFormatElement[]): Set<string> {
  const plain = new Set<string>();
  const counted = new Set<string>();
  const visit = (list: MessageFormatElement[]) => {
    for (const element of list) {
      if (isArgumentElement(element)) plain.add(element.value);
      else if (isPluralElement(element) || isSelectElement(element)) {
        counted.add(element.value);
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (isTagElement(element)) visit(element.children);
    }
  };
  visit(elements);
  for (const name of counted) plain.delete(name);
  return plain;
}

/** Whether the shown language has a text for a key built at run time (an audit action a newer server wrote). */
export const hasText = (key: string): key is I18nKey => key in useLanguageStore.getState().catalogue;

/**
 * A server or form message in the language shown: by its code (from the answer, or read back from the
 * catalogue's English), with its arguments; a text outside the catalogue shows as sent. A field's name
 * the server put before its message stays in front.
 */
export function translateMessage(message: string, parts?: MessageParts): string {
  const described = parts ?? describeMessage(message);
  if (!described) return message;
  const { code, params } = described;
  if (code === "fieldInvalid") {
    return t("error.fieldInvalid", {
      field: String(params?.field),
      message: translateMessage(String(params?.message)),
    });
  }
  const text = t(`error.${code}`, params);
  const field = params?.field;
  return typeof field === "string" && message.startsWith(`${field}: `)
    ? t("error.fieldInvalid", { field, message: text })
    : text;
}
