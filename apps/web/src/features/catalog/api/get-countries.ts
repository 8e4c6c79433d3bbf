import type { CountryListAnswer } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type CountriesQueryParams, catalogKeys } from "./keys";

export function getCountries(
  queryParams: CountriesQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CountryListAnswer> {
  return api.post<CountryListAnswer>(
    "/api/reward/countries/pagination?group=false",
    { queryParams },
    { signal },
  );
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useCountries(queryParams: CountriesQueryParams | null) {
  return useQuery({
    queryKey: catalogKeys.countries(queryParams ?? {}),
    queryFn: ({ signal }) => getCountries(queryParams ?? {}, { signal }),
    placeholderData: keepPreviousData,
    enabled: queryParams !== null,
  });
}
