import { type RewardItemBody, rewardItemBodySchema, rewardItemEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export type CreateRewardItemInput = { rewardId: string; body: RewardItemBody };

/** Answers the new item. */
export async function createRewardItem({ rewardId, body }: CreateRewardItemInput) {
  const created = await call(rewardItemEndpoints.create, {
    params: { rewardId },
    body: rewardItemBodySchema.parse(body),
  });
  return created.rewardItem;
}

export function useCreateRewardItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRewardItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
