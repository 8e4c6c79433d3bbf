import { type RewardFields, rewardEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";
import { rewardFormData } from "./reward-form-data";

export type UpdateRewardInput = { id: string; fields: RewardFields; icon: File | null };

/** Multipart; without a new icon the saved one stays. */
export function useUpdateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, icon }: UpdateRewardInput) =>
      call(rewardEndpoints.update, { params: { id }, body: rewardFormData(fields, icon) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}
