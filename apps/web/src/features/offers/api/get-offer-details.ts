import type { OfferDetails } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { offersKeys } from "./keys";

export function getOfferDetails(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OfferDetails> {
  return api.get<OfferDetails>(`/api/offer/${encodeURIComponent(id)}`, { signal });
}

export function getOfferDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: offersKeys.details(id),
    queryFn: ({ signal }) => getOfferDetails(id, { signal }),
  });
}

export function useOfferDetails(id: string) {
  return useQuery(getOfferDetailsQueryOptions(id));
}
