import { NativeSelect } from "@mantine/core";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import { type I18nKey, t } from "../../../lib/i18n";
import {
  type CountriesListState,
  type CountrySearchField,
  countrySearchFields,
  isIncompleteCountryId,
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
      <SearchFilter
        value={filters.search ?? ""}
        onChange={(search) => setFilters({ search })}
        placeholder={t(searchLabels[filters.searchIn as CountrySearchField])}
        error={isIncompleteCountryId(filters) ? t("list.idHint") : undefined}
      />
      <NativeSelect
        label={t("list.searchIn")}
        value={filters.searchIn}
        onChange={(event) => setFilters({ searchIn: event.currentTarget.value })}
        data={countrySearchFields.map((field) => ({ value: field, label: t(searchLabels[field]) }))}
        w={170}
      />
    </FilterRow>
  );
}
