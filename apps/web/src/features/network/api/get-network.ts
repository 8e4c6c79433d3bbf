import type { NetworkConfig } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const networkKeys = { all: ["network"] as const, nativeAds: ["nativeAds"] as const };

export function getNetwork(name: string, adminId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<NetworkConfig>(`/api/network/${encodeURIComponent(name)}/${encodeURIComponent(adminId)}`, {
    signal,
  });
}

/** An unknown name answers 404, which the screen shows as such. */
export function getNetworkQueryOptions(name: string, adminId: string) {
  return queryOptions({
    queryKey: [...networkKeys.all, name, adminId],
    queryFn: ({ signal }) => getNetwork(name, adminId, { signal }),
  });
}

export function useNetwork(name: string, adminId: string) {
  return useQuery(getNetworkQueryOptions(name, adminId));
}
