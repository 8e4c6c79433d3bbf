import { appUserEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { appUserKeys } from "./keys";

export function getAppUserDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: appUserKeys.details(id),
    queryFn: ({ signal }) => call(appUserEndpoints.details, { params: { id } }, { signal }),
  });
}

export function useAppUserDetails(id: string) {
  return useQuery(getAppUserDetailsQueryOptions(id));
}
