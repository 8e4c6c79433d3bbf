import { type Language, languages } from "@rewards/contract";

/** Each language named in itself, so a member who cannot read the current one still finds theirs. */
export const languageNames: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  ja: "日本語",
  zh: "中文",
};

/** The six languages as a select's options, in the contract's order. */
export const languageOptions = languages.map((language) => ({
  value: language,
  label: languageNames[language],
}));
