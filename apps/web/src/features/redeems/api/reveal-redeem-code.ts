import { redeemEndpoints } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

/** The gift card a redeem was paid with, in clear (audited by the server); nothing is cached. */
export function useRevealRedeemCode() {
  return useMutation({
    mutationFn: (id: string) => call(redeemEndpoints.revealCode, { params: { id } }),
  });
}
