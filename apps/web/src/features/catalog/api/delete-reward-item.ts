import { rewardItemEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { catalogKeys } from "./keys";

/** Only the lists reload: the deleted item's own query would answer 404. */
export function useDeleteRewardItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(rewardItemEndpoints.delete, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogKeys.lists }),
    onError: (error) => showError(t("action.cancelRewardItem"), error),
  });
}
