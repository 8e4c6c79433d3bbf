import { type Customer, type CustomerUpdateBody, customerUpdateBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { customersKeys } from "./keys";

export type UpdateCustomerInput = { id: string; body: CustomerUpdateBody };

export function updateCustomer({ id, body }: UpdateCustomerInput): Promise<Customer> {
  return api.put<Customer>(`/api/users/${encodeURIComponent(id)}`, customerUpdateBodySchema.parse(body));
}

/** Errors are the caller's to show: field errors go onto the form, the rest into a notification. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersKeys.all }),
  });
}
