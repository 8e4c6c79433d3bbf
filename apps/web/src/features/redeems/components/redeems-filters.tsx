import { NativeSelect } from "@mantine/core";
import { CheckboxFilter, FilterRow } from "../../../components/list/filter-row";
import { SearchInFilter } from "../../../components/list/search-in-filter";
import { type I18nKey, t } from "../../../lib/i18n";
import { redeemStatusOptions } from "./redeem-status";
import { type RedeemSearchField, type RedeemsListState, redeemIdFields } from "./use-redeems-list-state";

const searchLabels: Record<RedeemSearchField, I18nKey> = {
  redeemEmail: "redeems.searchIn.email",
  redeemUser: "redeems.searchIn.userId",
  _id: "redeems.searchIn.id",
};

export function RedeemsFilters({ list }: { list: RedeemsListState }) {
  const { filters, setFilters } = list;
  return (
    <FilterRow>
      <SearchInFilter
        filters={filters}
        setFilters={setFilters}
        labels={searchLabels}
        idFields={redeemIdFields}
        width={150}
      />
      <NativeSelect
        label={t("list.status")}
        value={filters.status}
        onChange={(event) => setFilters({ status: event.currentTarget.value })}
        data={[{ value: "", label: t("list.all") }, ...redeemStatusOptions()]}
        w={140}
      />
      <CheckboxFilter
        label={t("risk.filter")}
        checked={filters.risky === "true"}
        onChange={(checked) => setFilters({ risky: checked ? "true" : undefined })}
      />
    </FilterRow>
  );
}
