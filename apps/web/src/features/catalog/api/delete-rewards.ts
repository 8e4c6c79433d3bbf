import { actionErrors, type DeletedAnswer } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function deleteRewards(ids: string[]): Promise<DeletedAnswer> {
  return api.post<DeletedAnswer>("/api/reward/deleteRewards", { ids });
}

export function useDeleteRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRewards,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(actionErrors.deleteRewards, error),
  });
}
