import { countryEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

/** Only the lists reload: the deleted country's own query would answer 404. */
export function useDeleteCountry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(countryEndpoints.delete, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(t("action.cancelCountry"), error),
  });
}
