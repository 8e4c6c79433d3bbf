import { actionErrors, type Reward } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function deleteReward(id: string): Promise<Reward> {
  return apiRequest<Reward>("DELETE", `/api/reward/rewards/${encodeURIComponent(id)}`);
}

/** Only the lists reload: the deleted reward's own query would answer 404. */
export function useDeleteReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(actionErrors.cancelReward, error),
  });
}
