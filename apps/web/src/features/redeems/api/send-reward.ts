import { type RedeemDetails, type SendRewardBody, sendRewardBodySchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { customersQueryKey, redeemsKeys } from "./keys";

export type SendRewardInput = { id: string; body: SendRewardBody };

/** Pays a redeem: stores the code, sets Sent and queues the reward e-mail (SPEC 2.6). */
export function sendReward({ id, body }: SendRewardInput): Promise<RedeemDetails> {
  return api.put<RedeemDetails>(
    `/api/redeem/sendReward/${encodeURIComponent(id)}`,
    sendRewardBodySchema.parse(body),
  );
}

/**
 * Errors are the caller's to show: field errors go onto the form, the rest into a notification. A 409
 * (paid meanwhile, elsewhere) refetches the redeem so the page shows it as Sent.
 */
export function useSendReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReward,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: redeemsKeys.all }),
        queryClient.invalidateQueries({ queryKey: customersQueryKey }),
      ]),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: redeemsKeys.all });
      }
    },
  });
}
