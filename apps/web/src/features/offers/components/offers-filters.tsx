import { NativeSelect } from "@mantine/core";
import { offerNetworks } from "@rewards/contract";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import { type I18nKey, t } from "../../../lib/i18n";
import {
  isIncompleteId,
  type OfferSearchField,
  type OffersListState,
  offerSearchFields,
} from "./use-offers-list-state";

const searchLabels: Record<OfferSearchField, I18nKey> = {
  userId: "offers.searchIn.userId",
  _id: "offers.searchIn.id",
  ip: "offers.searchIn.ip",
};

export function OffersFilters({ list }: { list: OffersListState }) {
  const { filters, setFilters } = list;
  return (
    <FilterRow>
      <NativeSelect
        label={t("list.network")}
        value={filters.network}
        onChange={(event) => setFilters({ network: event.currentTarget.value })}
        data={[
          { value: "", label: t("list.all") },
          ...offerNetworks.map((network) => ({ value: network, label: network.toUpperCase() })),
        ]}
        w={170}
      />
      <SearchFilter
        value={filters.search ?? ""}
        onChange={(search) => setFilters({ search })}
        placeholder={t(searchLabels[filters.searchIn as OfferSearchField])}
        error={isIncompleteId(filters) ? t("list.idHint") : undefined}
      />
      <NativeSelect
        label={t("list.searchIn")}
        value={filters.searchIn}
        onChange={(event) => setFilters({ searchIn: event.currentTarget.value })}
        data={offerSearchFields.map((field) => ({ value: field, label: t(searchLabels[field]) }))}
        w={170}
      />
    </FilterRow>
  );
}
