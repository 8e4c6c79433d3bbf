import { offerNetworks, type PostbackFilter, postbackOutcomes, postbackSortFields } from "@rewards/contract";
import { compactFilter, type ListStateConfig, useListState } from "../../../components/list/use-list-state";

/** The fields the search box searches (exact match): the user id or the transaction id as the network sent it. */
export const postbackSearchFields = ["userId", "transactionId"] as const;
export type PostbackSearchField = (typeof postbackSearchFields)[number];

const config: ListStateConfig<(typeof postbackSortFields)[number], PostbackFilter> = {
  filters: {
    network: { values: offerNetworks },
    outcome: { values: postbackOutcomes },
    search: {},
    searchIn: { values: postbackSearchFields, default: "userId" },
  },
  sortFields: postbackSortFields,
  defaultSort: { sortField: "createdAt", sortOrder: "desc" },
  toFilter: (values) => {
    const field = values.searchIn as PostbackSearchField;
    return compactFilter({
      network: (values.network || undefined) as PostbackFilter["network"],
      outcome: (values.outcome || undefined) as PostbackFilter["outcome"],
      [field]: values.search?.trim() || undefined,
    }) as PostbackFilter;
  },
};

export function usePostbacksListState() {
  return useListState(config);
}

export type PostbacksListState = ReturnType<typeof usePostbacksListState>;
