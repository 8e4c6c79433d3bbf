import { type AppUsersStateBody, appUserEndpoints, appUsersStateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { appUserKeys } from "./keys";

export function useChangeAppUsersStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppUsersStateBody) =>
      call(appUserEndpoints.changeStatus, { body: appUsersStateBodySchema.parse(body) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
    onError: (error) => showError(t("action.updateAppUsersStatus"), error),
  });
}
