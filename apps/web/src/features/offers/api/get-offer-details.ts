import { offerEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { offersKeys } from "./keys";

export function getOfferDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: offersKeys.details(id),
    queryFn: ({ signal }) => call(offerEndpoints.details, { params: { id } }, { signal }),
  });
}

export function useOfferDetails(id: string) {
  return useQuery(getOfferDetailsQueryOptions(id));
}
