import { rewardEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

export function useDeleteRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(rewardEndpoints.deleteMany, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(t("action.deleteRewards"), error),
  });
}
