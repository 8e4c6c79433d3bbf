import { redeemEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { appUsersQueryKey, redeemsKeys } from "./keys";

/** Pending → Rejected, refunding the redeem's points (decision 0004). */
export function cancelRedeem(id: string) {
  return call(redeemEndpoints.cancel, { params: { id } });
}

/** Errors are the caller's to show. The user's points changed too, so app users are refetched. */
export function useCancelRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRedeem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redeemsKeys.all }),
        queryClient.invalidateQueries({ queryKey: appUsersQueryKey }),
      ]),
  });
}
