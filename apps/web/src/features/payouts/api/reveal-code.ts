import { payoutEndpoints } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

/** Shows a stored code and its PIN in clear (audited by the server); nothing is cached. */
export function useRevealCode() {
  return useMutation({
    mutationFn: (id: string) => call(payoutEndpoints.revealCode, { params: { id } }),
  });
}
