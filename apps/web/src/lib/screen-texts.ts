import texts from "../i18n/en.screens.json";

export type ScreenTextKey = keyof typeof texts;

/**
 * Translates a text of a lazily loaded screen. These texts live in i18n/en.screens.json, beside en.json,
 * so that the sign-in page (whose bundle carries all of en.json) does not grow with them; only the
 * screens' own chunks load this file. Fills `{name}` placeholders from vars, as t() does.
 */
export function screenText(key: ScreenTextKey, vars?: Record<string, string | number>): string {
  const text: string = texts[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
