import type { RewardListAnswer } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys, type RewardsQueryParams } from "./keys";

export function getRewards(
  countryId: string,
  queryParams: RewardsQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RewardListAnswer> {
  return api.post<RewardListAnswer>(
    `/api/reward/rewards/${encodeURIComponent(countryId)}?group=false`,
    { queryParams },
    { signal },
  );
}

export function useRewards(countryId: string, queryParams: RewardsQueryParams | null) {
  return useQuery({
    queryKey: catalogKeys.rewards(countryId, queryParams ?? {}),
    queryFn: ({ signal }) => getRewards(countryId, queryParams ?? {}, { signal }),
    placeholderData: keepPreviousData,
    enabled: queryParams !== null,
  });
}
