import { offerEndpoints } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type OffersQueryParams, offersKeys } from "./keys";

export function getOffersQueryOptions(queryParams: OffersQueryParams) {
  return queryOptions({
    queryKey: offersKeys.list(queryParams),
    queryFn: ({ signal }) =>
      call(offerEndpoints.list, { query: { group: "false" }, body: { queryParams } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useOffers(queryParams: OffersQueryParams | null) {
  return useQuery({ ...getOffersQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
