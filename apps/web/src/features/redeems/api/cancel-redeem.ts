import type { RedeemDetails } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { customersQueryKey, redeemsKeys } from "./keys";

/** Pending → Rejected, refunding the redeem's points (DECISIONS "Redeems and points"). */
export function cancelRedeem(id: string): Promise<RedeemDetails> {
  return api.put<RedeemDetails>(`/api/redeem/${encodeURIComponent(id)}`);
}

/** Errors are the caller's to show. The user's credit changed too, so customers are refetched. */
export function useCancelRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRedeem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redeemsKeys.all }),
        queryClient.invalidateQueries({ queryKey: customersQueryKey }),
      ]),
  });
}
