import type { CustomerListBody } from "@rewards/contract";

export type CustomersQueryParams = CustomerListBody["queryParams"];

/** Every customers query starts with "customers", so one invalidation reaches lists and records. */
export const customersKeys = {
  all: ["customers"] as const,
  list: (queryParams: CustomersQueryParams) => [...customersKeys.all, "list", queryParams] as const,
  one: (id: string) => [...customersKeys.all, "one", id] as const,
  details: (id: string) => [...customersKeys.all, "details", id] as const,
};
