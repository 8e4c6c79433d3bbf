import { type RewardItem, type RewardItemBody, rewardItemBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export type UpdateRewardItemInput = { id: string; body: RewardItemBody };

export function updateRewardItem({ id, body }: UpdateRewardItemInput): Promise<RewardItem> {
  return api.put<RewardItem>(
    `/api/reward/rewardItem/${encodeURIComponent(id)}`,
    rewardItemBodySchema.parse(body),
  );
}

export function useUpdateRewardItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRewardItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
