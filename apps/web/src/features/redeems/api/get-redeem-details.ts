import { redeemEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { redeemsKeys } from "./keys";

/** The redeem with its user and the reward e-mail's delivery state. */
export function getRedeemDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: redeemsKeys.details(id),
    queryFn: ({ signal }) => call(redeemEndpoints.details, { params: { id } }, { signal }),
    // Paying and cancelling start from what the server holds now, not from a cached copy.
    staleTime: 0,
  });
}

export function useRedeemDetails(id: string) {
  return useQuery(getRedeemDetailsQueryOptions(id));
}
