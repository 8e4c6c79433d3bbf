import { redeemEndpoints } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type RedeemsQueryParams, redeemsKeys } from "./keys";

export function getRedeemsQueryOptions(queryParams: RedeemsQueryParams) {
  return queryOptions({
    queryKey: redeemsKeys.list(queryParams),
    queryFn: ({ signal }) =>
      call(redeemEndpoints.list, { query: { group: "false" }, body: { queryParams } }, { signal }),
    // The previous page stays on screen, under the loading overlay, until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function useRedeems(queryParams: RedeemsQueryParams | null) {
  return useQuery({ ...getRedeemsQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
