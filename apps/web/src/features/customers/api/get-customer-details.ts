import type { CustomerDetails } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { customersKeys } from "./keys";

export function getCustomerDetails(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CustomerDetails> {
  return api.get<CustomerDetails>(`/api/users/details/${encodeURIComponent(id)}`, { signal });
}

export function getCustomerDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: customersKeys.details(id),
    queryFn: ({ signal }) => getCustomerDetails(id, { signal }),
  });
}

export function useCustomerDetails(id: string) {
  return useQuery(getCustomerDetailsQueryOptions(id));
}
