import type { Reward } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export function getReward(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Reward> {
  return api.get<Reward>(`/api/reward/rewards/${encodeURIComponent(id)}`, { signal });
}

export function useReward(id: string) {
  return useQuery({
    queryKey: catalogKeys.reward(id),
    queryFn: ({ signal }) => getReward(id, { signal }),
  });
}
