import { payoutEndpoints, rewardItemEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** The reward item whose codes the page shows (its label, its reward for the way back). */
export function useCodesItem(itemId: string) {
  return useQuery({
    queryKey: payoutKeys.rewardItem(itemId),
    queryFn: ({ signal }) => call(rewardItemEndpoints.details, { params: { id: itemId } }, { signal }),
  });
}

/** How many of the item's codes are available, used and expired. */
export function useStock(itemId: string) {
  return useQuery({
    queryKey: payoutKeys.stock(itemId),
    queryFn: ({ signal }) => call(payoutEndpoints.stock, { params: { itemId } }, { signal }),
  });
}
