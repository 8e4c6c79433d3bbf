import type { RedeemDetails } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { redeemsKeys } from "./keys";

/** The redeem with its user and the reward e-mail's delivery state. */
export function getRedeemDetails(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RedeemDetails> {
  return api.get<RedeemDetails>(`/api/redeem/${encodeURIComponent(id)}`, { signal });
}

export function getRedeemDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: redeemsKeys.details(id),
    queryFn: ({ signal }) => getRedeemDetails(id, { signal }),
    // Paying and cancelling start from what the server holds now, not from a cached copy.
    staleTime: 0,
  });
}

export function useRedeemDetails(id: string) {
  return useQuery(getRedeemDetailsQueryOptions(id));
}
