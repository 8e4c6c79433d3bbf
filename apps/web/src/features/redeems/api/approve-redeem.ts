import { redeemEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { redeemsKeys } from "./keys";

/**
 * Approves a redeem above the app's approval amount, so that another member can pay it. The answer is
 * the redeem's details: shown at once, and the lists are refreshed.
 */
export function useApproveRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(redeemEndpoints.approve, { params: { id } }),
    onSuccess: (details) => {
      queryClient.setQueryData(redeemsKeys.details(details._id), details);
      return queryClient.invalidateQueries({ queryKey: redeemsKeys.all });
    },
    // A 409 (approved meanwhile, or no approval needed any more): show what the server holds now.
    onError: () => queryClient.invalidateQueries({ queryKey: redeemsKeys.all }),
  });
}
