import { actionErrors, type CustomersStateBody, customersStateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { showError } from "../../../lib/show-error";
import { customersKeys } from "./keys";

export function updateCustomersStatus(body: CustomersStateBody): Promise<{ updated: number }> {
  return api.put<{ updated: number }>("/api/users/state/ids", customersStateBodySchema.parse(body));
}

export function useUpdateCustomersStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomersStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.all }),
    onError: (error) => showError(actionErrors.updateCustomersStatus, error),
  });
}
