import { type RewardFields, rewardEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";
import { rewardFormData } from "./reward-form-data";

export type CreateRewardInput = { countryId: string; fields: RewardFields; icon: File | null };

/** Multipart; answers the new reward. */
export async function createReward({ countryId, fields, icon }: CreateRewardInput) {
  const created = await call(rewardEndpoints.create, {
    params: { countryId },
    body: rewardFormData(fields, icon),
  });
  return created.reward;
}

export function useCreateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
