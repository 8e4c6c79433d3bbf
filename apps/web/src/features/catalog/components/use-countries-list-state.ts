import { type CountryFilter, type CountrySortField, countrySortFields, idSchema } from "@rewards/contract";
import { compactFilter, type ListStateConfig, useListState } from "../../../components/list/use-list-state";

/** SPEC 5 "Filters": search in Country Name (substring), Country Code (exact) or ID. */
export const countrySearchFields = ["fullName", "code", "_id"] as const;
export type CountrySearchField = (typeof countrySearchFields)[number];

/** An ID that is not a whole id cannot match anything, and the server would refuse it. */
export function isIncompleteCountryId({ search, searchIn }: Record<string, string>): boolean {
  const text = search?.trim() ?? "";
  return searchIn === "_id" && text !== "" && !idSchema.safeParse(text).success;
}

const config: ListStateConfig<CountrySortField, CountryFilter> = {
  filters: { search: {}, searchIn: { values: countrySearchFields, default: "fullName" } },
  sortFields: countrySortFields,
  // SPEC 9: countries by priority, descending; page sizes 3, 5, 10 (the lists' default).
  defaultSort: { sortField: "priority", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteCountryId(values)) return null;
    const field = values.searchIn as CountrySearchField;
    return compactFilter({ [field]: values.search?.trim() || undefined }) as CountryFilter;
  },
};

export function useCountriesListState() {
  return useListState(config);
}

export type CountriesListState = ReturnType<typeof useCountriesListState>;
