import { defaultLanguage, isLanguage, type Language, languages } from "@rewards/contract";
import Negotiator from "negotiator";

/**
 * A member's language: the one chosen in the profile, else the best of the request's Accept-Language
 * (the dashboard sends the language it shows), else English.
 */
export function languageOf(chosen: Language | null, acceptLanguage: string | undefined): Language {
  if (chosen) return chosen;
  const [best] = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages([...languages]);
  return (best as Language | undefined) ?? defaultLanguage;
}

/**
 * The language of a locale an app reports ("de-DE", "de_DE", "zh-Hant-TW"): its primary subtag when we
 * write e-mails in it, else null (the app's default language applies).
 */
export function languageOfLocale(locale: string): Language | null {
  const primary = locale.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}
