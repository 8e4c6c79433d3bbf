import { NativeSelect } from "@mantine/core";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import { type I18nKey, t } from "../../../lib/i18n";
import { redeemStatusOptions } from "./redeem-status";
import {
  isIncompleteId,
  type RedeemSearchField,
  type RedeemsListState,
  redeemSearchFields,
} from "./use-redeems-list-state";

const searchLabels: Record<RedeemSearchField, I18nKey> = {
  redeemEmail: "redeems.searchIn.email",
  redeemUser: "redeems.searchIn.userId",
  _id: "redeems.searchIn.id",
};

export function RedeemsFilters({ list }: { list: RedeemsListState }) {
  const { filters, setFilters } = list;
  return (
    <FilterRow>
      <SearchFilter
        value={filters.search ?? ""}
        onChange={(search) => setFilters({ search })}
        placeholder={t(searchLabels[filters.searchIn as RedeemSearchField])}
        error={isIncompleteId(filters) ? t("list.idHint") : undefined}
      />
      <NativeSelect
        label={t("list.searchIn")}
        value={filters.searchIn}
        onChange={(event) => setFilters({ searchIn: event.currentTarget.value })}
        data={redeemSearchFields.map((field) => ({ value: field, label: t(searchLabels[field]) }))}
        w={150}
      />
      <NativeSelect
        label={t("list.status")}
        value={filters.status}
        onChange={(event) => setFilters({ status: event.currentTarget.value })}
        data={[{ value: "", label: t("list.all") }, ...redeemStatusOptions()]}
        w={140}
      />
    </FilterRow>
  );
}
