import { actionErrors, type RewardItem } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function deleteRewardItem(id: string): Promise<RewardItem> {
  return apiRequest<RewardItem>("DELETE", `/api/reward/rewardItem/${encodeURIComponent(id)}`);
}

/** Only the lists reload: the deleted item's own query would answer 404. */
export function useDeleteRewardItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRewardItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(actionErrors.cancelRewardItem, error),
  });
}
