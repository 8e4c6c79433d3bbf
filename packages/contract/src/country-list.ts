// The library's browser entry, which registers no language: only English is registered below, so the
// web chunk that shows the country picker carries one language (the node entry would load all of them).
import isoCountries from "i18n-iso-countries/index.js";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };

isoCountries.registerLocale(en);

/** The Worldwide entry (decision 0006), shown with a globe instead of a flag. */
export const worldwide = { code: "WW", name: "Worldwide" } as const;

export type CountryChoice = { code: string; name: string };

/**
 * The built-in list the country is chosen from: Worldwide first, then every ISO 3166-1
 * alpha-2 country by its English name. Not exported from the package index, so that only the screens
 * that need it load it.
 */
export const countryChoices: readonly CountryChoice[] = [
  worldwide,
  ...Object.entries(isoCountries.getNames("en", { select: "official" }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en")),
];

const byCode = new Map(countryChoices.map((choice) => [choice.code, choice.name]));

/** The English name of an alpha-2 code (or WW), or undefined when the code is not in the list. */
export function countryNameOf(code: string): string | undefined {
  return byCode.get(code.trim().toUpperCase());
}
