import { type CustomerFilter, customerSortFields, idSchema, userStatus } from "@rewards/contract";
import { compactFilter, type ListStateConfig, useListState } from "../../../components/list/use-list-state";

/** The fields the search box can search in (SPEC 5 "Filters"): e-mail substring, IP prefix, exact ids. */
export const customerSearchFields = ["username", "ipSignup", "visitorId", "_id"] as const;
export type CustomerSearchField = (typeof customerSearchFields)[number];

const statusValues = [String(userStatus.banned), String(userStatus.active)];

/** An ID that is not a whole id cannot match anything, and the server would refuse it. */
export function isIncompleteId({ search, searchIn }: Record<string, string>): boolean {
  const text = search?.trim() ?? "";
  return searchIn === "_id" && text !== "" && !idSchema.safeParse(text).success;
}

const config: ListStateConfig<(typeof customerSortFields)[number], CustomerFilter> = {
  filters: {
    search: {},
    searchIn: { values: customerSearchFields, default: "username" },
    status: { values: statusValues },
  },
  sortFields: customerSortFields,
  defaultSort: { sortField: "createdAt", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteId(values)) return null;
    const field = values.searchIn as CustomerSearchField;
    return compactFilter({
      [field]: values.search?.trim() || undefined,
      status: values.status ? (Number(values.status) as CustomerFilter["status"]) : undefined,
    }) as CustomerFilter;
  },
};

export function useCustomersListState() {
  return useListState(config);
}

export type CustomersListState = ReturnType<typeof useCustomersListState>;
