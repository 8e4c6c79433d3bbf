import en from "../i18n/en.json";

export type I18nKey = keyof typeof en;

/** Translates a key of en.json, filling `{name}` placeholders from vars. */
export function t(key: I18nKey, vars?: Record<string, string | number>): string {
  const text: string = en[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
