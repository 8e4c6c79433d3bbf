import type { Customer } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { customersKeys } from "./keys";

export function getCustomer(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Customer> {
  return api.get<Customer>(`/api/users/${encodeURIComponent(id)}`, { signal });
}

export function getCustomerQueryOptions(id: string) {
  return queryOptions({
    queryKey: customersKeys.one(id),
    queryFn: ({ signal }) => getCustomer(id, { signal }),
    // The edit form starts from what the server holds now, not from a cached copy.
    staleTime: 0,
  });
}

export function useCustomer(id: string) {
  return useQuery(getCustomerQueryOptions(id));
}
