import { networkEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { networkKeys } from "./keys";

export function getNativeAdsQueryOptions(name: string, adminId: string) {
  return queryOptions({
    queryKey: networkKeys.nativeAdsConfig(name, adminId),
    queryFn: ({ signal }) =>
      call(networkEndpoints.nativeAdsDetails, { params: { name, adminId } }, { signal }),
  });
}

export function useNativeAds(name: string, adminId: string) {
  return useQuery(getNativeAdsQueryOptions(name, adminId));
}
