import { adminEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { adminKeys } from "./keys";

export function getAdminsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.list(),
    queryFn: ({ signal }) => call(adminEndpoints.list, { query: {} }, { signal }),
  });
}

export function useAdmins() {
  return useQuery(getAdminsQueryOptions());
}
