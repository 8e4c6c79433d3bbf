import { countryEndpoints } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type CountriesQueryParams, catalogKeys } from "./keys";

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useCountries(queryParams: CountriesQueryParams | null) {
  return useQuery({
    queryKey: catalogKeys.countries(queryParams ?? {}),
    queryFn: ({ signal }) =>
      call(
        countryEndpoints.list,
        { query: { group: "false" }, body: { queryParams: queryParams ?? {} } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled: queryParams !== null,
  });
}
