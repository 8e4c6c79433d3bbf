import { type OfferFilter, offerNetworks, offerSortFields } from "@rewards/contract";
import {
  compactFilter,
  isIncompleteId,
  type ListStateConfig,
  useListState,
} from "../../../components/list/use-list-state";

/** The fields the search box can search in: exact ids, IP prefix. */
export const offerSearchFields = ["userId", "_id", "ip"] as const;
export type OfferSearchField = (typeof offerSearchFields)[number];

/** The search fields that take whole ids: a part of an id is not searched for. */
export const offerIdFields = ["userId", "_id"] as const;

const config: ListStateConfig<(typeof offerSortFields)[number], OfferFilter> = {
  filters: {
    network: { values: offerNetworks },
    search: {},
    searchIn: { values: offerSearchFields, default: "userId" },
  },
  sortFields: offerSortFields,
  defaultSort: { sortField: "date", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteId(values, offerIdFields)) return null;
    const field = values.searchIn as OfferSearchField;
    return compactFilter({
      network: (values.network || undefined) as OfferFilter["network"],
      [field]: values.search?.trim() || undefined,
    }) as OfferFilter;
  },
};

export function useOffersListState() {
  return useListState(config);
}

export type OffersListState = ReturnType<typeof useOffersListState>;
