import type { RewardItemListAnswer } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys, type RewardItemsQueryParams } from "./keys";

export function getRewardItems(
  rewardId: string,
  queryParams: RewardItemsQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RewardItemListAnswer> {
  return api.post<RewardItemListAnswer>(
    `/api/reward/rewardsItems/${encodeURIComponent(rewardId)}?group=false`,
    { queryParams },
    { signal },
  );
}

export function useRewardItems(rewardId: string, queryParams: RewardItemsQueryParams | null) {
  return useQuery({
    queryKey: catalogKeys.rewardItems(rewardId, queryParams ?? {}),
    queryFn: ({ signal }) => getRewardItems(rewardId, queryParams ?? {}, { signal }),
    placeholderData: keepPreviousData,
    enabled: queryParams !== null,
  });
}
