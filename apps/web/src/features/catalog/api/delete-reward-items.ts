import { actionErrors, type DeletedAnswer } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function deleteRewardItems(ids: string[]): Promise<DeletedAnswer> {
  return api.post<DeletedAnswer>("/api/reward/deleteItems", { ids });
}

export function useDeleteRewardItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRewardItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(actionErrors.deleteRewardItems, error),
  });
}
