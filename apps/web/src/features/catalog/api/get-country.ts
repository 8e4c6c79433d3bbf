import { countryEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { catalogKeys } from "./keys";

export function useCountry(id: string) {
  return useQuery({
    queryKey: catalogKeys.country(id),
    queryFn: ({ signal }) => call(countryEndpoints.details, { params: { id } }, { signal }),
  });
}
