import { NativeSelect } from "@mantine/core";
import { offerNetworks, postbackOutcomes } from "@rewards/contract";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import { type I18nKey, t } from "../../../lib/i18n";
import {
  type PostbackSearchField,
  type PostbacksListState,
  postbackSearchFields,
} from "./use-postbacks-list-state";

const searchLabels: Record<PostbackSearchField, I18nKey> = {
  userId: "postbacks.searchIn.userId",
  transactionId: "postbacks.searchIn.transactionId",
};

export function PostbacksFilters({ list }: { list: PostbacksListState }) {
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
      <NativeSelect
        label={t("postbacks.outcomeFilter")}
        value={filters.outcome}
        onChange={(event) => setFilters({ outcome: event.currentTarget.value })}
        data={[
          { value: "", label: t("list.all") },
          ...postbackOutcomes.map((outcome) => ({
            value: outcome,
            label: t(`postbacks.outcome.${outcome}`),
          })),
        ]}
        w={170}
      />
      <SearchFilter
        value={filters.search ?? ""}
        onChange={(search) => setFilters({ search })}
        placeholder={t(searchLabels[filters.searchIn as PostbackSearchField])}
      />
      <NativeSelect
        label={t("list.searchIn")}
        value={filters.searchIn}
        onChange={(event) => setFilters({ searchIn: event.currentTarget.value })}
        data={postbackSearchFields.map((field) => ({ value: field, label: t(searchLabels[field]) }))}
        w={170}
      />
    </FilterRow>
  );
}
