import { type RedeemFilter, redeemSortFields, redeemStatusValues } from "@rewards/contract";
import {
  compactFilter,
  isIncompleteId,
  type ListStateConfig,
  useListState,
} from "../../../components/list/use-list-state";

/** The fields the search box can search in: receiver e-mail substring, exact ids. */
export const redeemSearchFields = ["redeemEmail", "redeemUser", "_id"] as const;
export type RedeemSearchField = (typeof redeemSearchFields)[number];

/** The search fields that take whole ids: a part of an id is not searched for. */
export const redeemIdFields = ["redeemUser", "_id"] as const;

const config: ListStateConfig<(typeof redeemSortFields)[number], RedeemFilter> = {
  filters: {
    search: {},
    searchIn: { values: redeemSearchFields, default: "redeemEmail" },
    // 0 Pending, 1 Sent, 2 Rejected, 3 Processing: the same numbers as the labels and the bulk dialog.
    status: { values: redeemStatusValues.map(String) },
    // "Risky only": `risky=true` in the URL, absent otherwise.
    risky: { values: ["true"] },
  },
  sortFields: redeemSortFields,
  defaultSort: { sortField: "redeemDate", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteId(values, redeemIdFields)) return null;
    const field = values.searchIn as RedeemSearchField;
    return compactFilter({
      [field]: values.search?.trim() || undefined,
      status: values.status ? (Number(values.status) as RedeemFilter["status"]) : undefined,
      risky: values.risky === "true" ? true : undefined,
    }) as RedeemFilter;
  },
};

export function useRedeemsListState() {
  return useListState(config);
}

export type RedeemsListState = ReturnType<typeof useRedeemsListState>;
