import { FilterRow } from "../../../components/list/filter-row";
import { SearchInFilter } from "../../../components/list/search-in-filter";
import type { I18nKey } from "../../../lib/i18n";
import {
  type CountriesListState,
  type CountrySearchField,
  countryIdFields,
} from "./use-countries-list-state";

const searchLabels: Record<CountrySearchField, I18nKey> = {
  fullName: "catalog.countries.searchIn.fullName",
  code: "catalog.countries.searchIn.code",
  _id: "catalog.countries.searchIn.id",
};

export function CountriesFilters({ list }: { list: CountriesListState }) {
  const { filters, setFilters } = list;
  return (
    <FilterRow>
      <SearchInFilter
        filters={filters}
        setFilters={setFilters}
        labels={searchLabels}
        idFields={countryIdFields}
        width={170}
      />
    </FilterRow>
  );
}
