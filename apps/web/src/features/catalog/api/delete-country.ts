import { actionErrors, type Country } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function deleteCountry(id: string): Promise<Country> {
  return apiRequest<Country>("DELETE", `/api/reward/countries/${encodeURIComponent(id)}`);
}

/** Only the lists reload: the deleted country's own query would answer 404. */
export function useDeleteCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCountry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(actionErrors.cancelCountry, error),
  });
}
