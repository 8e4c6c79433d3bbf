import type { CustomerListAnswer } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type CustomersQueryParams, customersKeys } from "./keys";

export function getCustomers(
  queryParams: CustomersQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CustomerListAnswer> {
  return api.post<CustomerListAnswer>("/api/users?group=false", { queryParams }, { signal });
}

export function getCustomersQueryOptions(queryParams: CustomersQueryParams) {
  return queryOptions({
    queryKey: customersKeys.list(queryParams),
    queryFn: ({ signal }) => getCustomers(queryParams, { signal }),
    // The previous page stays on screen, under the loading overlay, until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useCustomers(queryParams: CustomersQueryParams | null) {
  return useQuery({ ...getCustomersQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
