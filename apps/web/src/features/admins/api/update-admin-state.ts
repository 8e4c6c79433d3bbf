import { type AdminStateBody, adminEndpoints, adminStateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { adminKeys } from "./keys";

export type UpdateAdminStateInput = { id: string } & AdminStateBody;

export function updateAdminState({ id, ...body }: UpdateAdminStateInput) {
  return call(adminEndpoints.changeState, { params: { id }, body: adminStateBodySchema.parse(body) });
}

export function useUpdateAdminState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    onError: (error) => showError(t("action.updateAdminState"), error),
  });
}
