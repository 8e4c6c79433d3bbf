import type { NativeAds } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { networkKeys } from "./get-network";

export function getNativeAds(name: string, adminId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<NativeAds>(`/api/nativeAds/${encodeURIComponent(name)}/${encodeURIComponent(adminId)}`, {
    signal,
  });
}

export function getNativeAdsQueryOptions(name: string, adminId: string) {
  return queryOptions({
    queryKey: [...networkKeys.nativeAds, name, adminId],
    queryFn: ({ signal }) => getNativeAds(name, adminId, { signal }),
  });
}

export function useNativeAds(name: string, adminId: string) {
  return useQuery(getNativeAdsQueryOptions(name, adminId));
}
