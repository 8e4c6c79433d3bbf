import { countryEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function useDeleteCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(countryEndpoints.deleteMany, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(t("action.deleteCountries"), error),
  });
}
