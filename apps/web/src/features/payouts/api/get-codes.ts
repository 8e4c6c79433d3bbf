import { payoutEndpoints } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type CodesQuery, payoutKeys } from "./keys";

/** A page of the item's codes, newest first, masked. */
export function useCodes(itemId: string, query: CodesQuery) {
  return useQuery({
    queryKey: payoutKeys.codes(itemId, query),
    queryFn: ({ signal }) => call(payoutEndpoints.listCodes, { params: { itemId }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
