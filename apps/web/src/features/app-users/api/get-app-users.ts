import { appUserEndpoints } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type AppUsersQueryParams, appUserKeys } from "./keys";

export function getAppUsersQueryOptions(queryParams: AppUsersQueryParams) {
  return queryOptions({
    queryKey: appUserKeys.list(queryParams),
    queryFn: ({ signal }) =>
      call(appUserEndpoints.list, { query: { group: "false" }, body: { queryParams } }, { signal }),
    // The previous page stays on screen, under the loading overlay, until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useAppUsers(queryParams: AppUsersQueryParams | null) {
  return useQuery({ ...getAppUsersQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
