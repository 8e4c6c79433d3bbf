import { idSchema, type OfferFilter, offerNetworks, offerSortFields } from "@rewards/contract";
import { compactFilter, type ListStateConfig, useListState } from "../../../components/list/use-list-state";

/** The fields the search box can search in (SPEC 5 "Filters"): exact ids, IP prefix. */
export const offerSearchFields = ["userId", "_id", "ip"] as const;
export type OfferSearchField = (typeof offerSearchFields)[number];

/** An id that is not a whole id cannot match anything, and the server would refuse it. */
export function isIncompleteId({ search, searchIn }: Record<string, string>): boolean {
  const text = search?.trim() ?? "";
  return searchIn !== "ip" && text !== "" && !idSchema.safeParse(text).success;
}

const config: ListStateConfig<(typeof offerSortFields)[number], OfferFilter> = {
  filters: {
    network: { values: offerNetworks },
    search: {},
    searchIn: { values: offerSearchFields, default: "userId" },
  },
  sortFields: offerSortFields,
  defaultSort: { sortField: "date", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteId(values)) return null;
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
