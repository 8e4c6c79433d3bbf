import { type RewardItemBody, rewardItemBodySchema, rewardItemEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export type UpdateRewardItemInput = { id: string; body: RewardItemBody };

export function useUpdateRewardItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateRewardItemInput) =>
      call(rewardItemEndpoints.update, { params: { id }, body: rewardItemBodySchema.parse(body) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
