import { type PayRedeemBody, payRedeemBodySchema, redeemEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, call } from "../../../lib/api-client";
import { appUsersQueryKey, redeemsKeys } from "./keys";

export type PayRedeemInput = { id: string; body: PayRedeemBody };

/** Pays a redeem: stores the code, sets Sent and queues the reward e-mail. */
export function payRedeem({ id, body }: PayRedeemInput) {
  return call(redeemEndpoints.pay, { params: { id }, body: payRedeemBodySchema.parse(body) });
}

/**
 * Errors are the caller's to show: field errors go onto the form, the rest into a notification. A 409
 * (paid meanwhile, elsewhere) refetches the redeem so the page shows it as Sent. The user's points may
 * move (a Rejected redeem is debited again), so app users are refetched too.
 */
export function usePayRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payRedeem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redeemsKeys.all }),
        queryClient.invalidateQueries({ queryKey: appUsersQueryKey }),
      ]),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: redeemsKeys.all });
      }
    },
  });
}
