import type { Reward, RewardFields } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";
import { rewardFormData } from "./reward-form-data";

export type UpdateRewardInput = { id: string; fields: RewardFields; icon: File | null };

/** PUT /api/reward/rewards/{id}, multipart; without a new icon the saved one stays. */
export function updateReward({ id, fields, icon }: UpdateRewardInput): Promise<Reward> {
  return api.put<Reward>(`/api/reward/rewards/${encodeURIComponent(id)}`, rewardFormData(fields, icon));
}

export function useUpdateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
