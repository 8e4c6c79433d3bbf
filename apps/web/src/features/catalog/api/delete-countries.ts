import { actionErrors, type DeletedAnswer } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function deleteCountries(ids: string[]): Promise<DeletedAnswer> {
  return api.post<DeletedAnswer>("/api/reward/countries/deleteCountries", { ids });
}

export function useDeleteCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(actionErrors.deleteCountries, error),
  });
}
