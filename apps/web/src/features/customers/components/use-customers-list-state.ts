import { type CustomerFilter, customerSortFields, userStatus } from "@rewards/contract";
import {
  compactFilter,
  isIncompleteId,
  type ListStateConfig,
  useListState,
} from "../../../components/list/use-list-state";

/** The fields the search box can search in (SPEC 5 "Filters"): e-mail substring, IP prefix, exact ids. */
export const customerSearchFields = ["username", "ipSignup", "visitorId", "_id"] as const;
export type CustomerSearchField = (typeof customerSearchFields)[number];

const statusValues = [String(userStatus.banned), String(userStatus.active)];

/** The search fields that take whole ids: a part of an id is not searched for. */
export const customerIdFields = ["_id"] as const;

const config: ListStateConfig<(typeof customerSortFields)[number], CustomerFilter> = {
  filters: {
    search: {},
    searchIn: { values: customerSearchFields, default: "username" },
    status: { values: statusValues },
  },
  sortFields: customerSortFields,
  defaultSort: { sortField: "createdAt", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteId(values, customerIdFields)) return null;
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
