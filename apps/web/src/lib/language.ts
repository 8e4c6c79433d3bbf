import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import {
  defaultLanguage,
  generalConfigDefaults,
  isLanguage,
  isTimeZone,
  type Language,
} from "@rewards/contract";
import { create } from "zustand";

/** A language's texts: plain strings, and texts with arguments already parsed (locales-plugin.ts). */
export type Catalogue = Record<string, string | MessageFormatElement[]>;

type LanguageState = { language: Language; catalogue: Catalogue; timeZone: string };

/**
 * The language on screen and its texts (i18n.ts loads them), and the app's time zone its dates and days
 * are shown in (the profile's: General settings); components that read it re-render when it changes. Its
 * own module, so that the formats (format.ts) and the texts (i18n.ts) both read it.
 */
export const useLanguageStore = create<LanguageState>()(() => ({
  language: defaultLanguage,
  catalogue: {},
  timeZone: generalConfigDefaults.timeZone,
}));

export const currentLanguage = (): Language => useLanguageStore.getState().language;

export const currentTimeZone = (): string => useLanguageStore.getState().timeZone;

/**
 * Shows dates in the app's time zone (the signed-in profile's), not the browser's; a zone this browser's
 * Intl does not know keeps the app's default, UTC, rather than failing every date.
 */
export function showTimeZone(zone: string | undefined): void {
  const timeZone = zone && isTimeZone(zone) ? zone : generalConfigDefaults.timeZone;
  if (useLanguageStore.getState().timeZone !== timeZone) useLanguageStore.setState({ timeZone });
}

export const browserLanguageKey = "rewards-language";

/** The language to start in: the one chosen in this browser, else the browser's own, else English. */
export function initialLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return defaultLanguage;
}

function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(browserLanguageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}
