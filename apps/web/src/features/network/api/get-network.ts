import { networkEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { networkKeys } from "./keys";

/** An unknown name answers 404, which the screen shows as such. */
export function getNetworkQueryOptions(name: string, adminId: string) {
  return queryOptions({
    queryKey: networkKeys.config(name, adminId),
    queryFn: ({ signal }) => call(networkEndpoints.details, { params: { name, adminId } }, { signal }),
  });
}

export function useNetwork(name: string, adminId: string) {
  return useQuery(getNetworkQueryOptions(name, adminId));
}
