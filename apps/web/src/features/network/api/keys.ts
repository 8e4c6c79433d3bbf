import { queryRoots } from "../../../lib/query-roots";
/** Every network query starts with "network": the ad networks' configs, then native ads' configs. */
export const networkKeys = {
  all: queryRoots.network,
  configs: () => [...networkKeys.all, "config"] as const,
  config: (name: string, adminId: string) => [...networkKeys.configs(), name, adminId] as const,
  nativeAds: () => [...networkKeys.all, "nativeAds"] as const,
  nativeAdsConfig: (name: string, adminId: string) => [...networkKeys.nativeAds(), name, adminId] as const,
};
