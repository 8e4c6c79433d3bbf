import { type CountryFilter, type CountrySortField, countrySortFields } from "@rewards/contract";
import {
  compactFilter,
  isIncompleteId,
  type ListStateConfig,
  useListState,
} from "../../../components/list/use-list-state";

/** The search box searches in Country Name (substring), Country Code (exact) or ID. */
export const countrySearchFields = ["fullName", "code", "_id"] as const;
export type CountrySearchField = (typeof countrySearchFields)[number];

/** The search fields that take whole ids: a part of an id is not searched for. */
export const countryIdFields = ["_id"] as const;

const config: ListStateConfig<CountrySortField, CountryFilter> = {
  filters: { search: {}, searchIn: { values: countrySearchFields, default: "fullName" } },
  sortFields: countrySortFields,
  // Countries by priority, descending; page sizes 3, 5, 10 (the lists' default; decision 0015).
  defaultSort: { sortField: "priority", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteId(values, countryIdFields)) return null;
    const field = values.searchIn as CountrySearchField;
    return compactFilter({ [field]: values.search?.trim() || undefined }) as CountryFilter;
  },
};

export function useCountriesListState() {
  return useListState(config);
}

export type CountriesListState = ReturnType<typeof useCountriesListState>;
