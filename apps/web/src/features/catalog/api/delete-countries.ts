import { actionErrors, countryEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function useDeleteCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(countryEndpoints.deleteMany, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(actionErrors.deleteCountries, error),
  });
}
