import { type RewardItem, type RewardItemBody, rewardItemBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export type CreateRewardItemInput = { rewardId: string; body: RewardItemBody };

/** POST /api/reward/rewardItem/{rewardId}, answering { rewardItem }. */
export async function createRewardItem({ rewardId, body }: CreateRewardItemInput): Promise<RewardItem> {
  const created = await api.post<{ rewardItem: RewardItem }>(
    `/api/reward/rewardItem/${encodeURIComponent(rewardId)}`,
    rewardItemBodySchema.parse(body),
  );
  return created.rewardItem;
}

export function useCreateRewardItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRewardItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
