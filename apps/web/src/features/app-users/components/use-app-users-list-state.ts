import { type AppUserFilter, appUserSortFields, userStatus } from "@rewards/contract";
import {
  compactFilter,
  isIncompleteId,
  type ListStateConfig,
  useListState,
} from "../../../components/list/use-list-state";

/** The fields the search box can search in: e-mail substring, IP prefix, exact ids. */
export const appUserSearchFields = ["username", "ipSignup", "visitorId", "_id"] as const;
export type AppUserSearchField = (typeof appUserSearchFields)[number];

const statusValues = [String(userStatus.banned), String(userStatus.active)];

/** The search fields that take whole ids: a part of an id is not searched for. */
export const appUserIdFields = ["_id"] as const;

const config: ListStateConfig<(typeof appUserSortFields)[number], AppUserFilter> = {
  filters: {
    search: {},
    searchIn: { values: appUserSearchFields, default: "username" },
    status: { values: statusValues },
  },
  sortFields: appUserSortFields,
  defaultSort: { sortField: "createdAt", sortOrder: "desc" },
  toFilter: (values) => {
    if (isIncompleteId(values, appUserIdFields)) return null;
    const field = values.searchIn as AppUserSearchField;
    return compactFilter({
      [field]: values.search?.trim() || undefined,
      status: values.status ? (Number(values.status) as AppUserFilter["status"]) : undefined,
    }) as AppUserFilter;
  },
};

export function useAppUsersListState() {
  return useListState(config);
}

export type AppUsersListState = ReturnType<typeof useAppUsersListState>;
