import { type PayRedeemsBody, payRedeemsBodySchema, redeemEndpoints } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

/** Starts a payout job paying the redeems through their items' fulfilment; answers its id at once. */
export function payRedeems(body: PayRedeemsBody) {
  return call(redeemEndpoints.payMany, { body: payRedeemsBodySchema.parse(body) });
}

/** Errors are the caller's to show; the lists are refreshed when the progress dialog closes. */
export function usePayRedeems() {
  return useMutation({ mutationFn: payRedeems });
}
