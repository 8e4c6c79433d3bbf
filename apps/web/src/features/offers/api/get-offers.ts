import type { OfferListAnswer } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type OffersQueryParams, offersKeys } from "./keys";

export function getOffers(
  queryParams: OffersQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OfferListAnswer> {
  return api.post<OfferListAnswer>("/api/offer?group=false", { queryParams }, { signal });
}

export function getOffersQueryOptions(queryParams: OffersQueryParams) {
  return queryOptions({
    queryKey: offersKeys.list(queryParams),
    queryFn: ({ signal }) => getOffers(queryParams, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useOffers(queryParams: OffersQueryParams | null) {
  return useQuery({ ...getOffersQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
