import type { Reward, RewardFields } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { catalogKeys } from "./keys";
import { rewardFormData } from "./reward-form-data";

export type CreateRewardInput = { countryId: string; fields: RewardFields; icon: File | null };

/** POST /api/reward/rewards/add/{countryId}, multipart, answering { reward }. */
export async function createReward({ countryId, fields, icon }: CreateRewardInput): Promise<Reward> {
  const created = await api.post<{ reward: Reward }>(
    `/api/reward/rewards/add/${encodeURIComponent(countryId)}`,
    rewardFormData(fields, icon),
  );
  return created.reward;
}

export function useCreateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
