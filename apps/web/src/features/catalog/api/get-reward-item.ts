import type { RewardItem } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export function getRewardItem(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<RewardItem> {
  return api.get<RewardItem>(`/api/reward/rewardItem/${encodeURIComponent(id)}`, { signal });
}

export function useRewardItem(id: string) {
  return useQuery({
    queryKey: catalogKeys.rewardItem(id),
    queryFn: ({ signal }) => getRewardItem(id, { signal }),
  });
}
