import { type Admin, type AdminStateBody, actionErrors, adminStateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { adminsQueryKey } from "./get-admins";

export type UpdateAdminStateInput = { id: string } & AdminStateBody;

export function updateAdminState({ id, ...body }: UpdateAdminStateInput): Promise<Admin> {
  return api.put<Admin>(`/api/admins/${encodeURIComponent(id)}/state`, adminStateBodySchema.parse(body));
}

export function useUpdateAdminState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
    onError: (error) => showError(actionErrors.updateAdminState, error),
  });
}
