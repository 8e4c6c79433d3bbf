import { appUserEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { appUserKeys } from "./keys";

export function getAppUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: appUserKeys.one(id),
    queryFn: ({ signal }) => call(appUserEndpoints.one, { params: { id } }, { signal }),
    // The edit form starts from what the server holds now, not from a cached copy.
    staleTime: 0,
  });
}

export function useAppUser(id: string) {
  return useQuery(getAppUserQueryOptions(id));
}
