import { NativeSelect } from "@mantine/core";
import { offerNetworks } from "@rewards/contract";
import { FilterRow } from "../../../components/list/filter-row";
import { SearchInFilter } from "../../../components/list/search-in-filter";
import { type I18nKey, t } from "../../../lib/i18n";
import { type OfferSearchField, type OffersListState, offerIdFields } from "./use-offers-list-state";

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
      <SearchInFilter
        filters={filters}
        setFilters={setFilters}
        labels={searchLabels}
        idFields={offerIdFields}
        width={170}
      />
    </FilterRow>
  );
}
