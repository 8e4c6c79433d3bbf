import { type PayoutSettings, payoutEndpoints, payoutSettingsSchema } from "@rewards/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { payoutKeys } from "./keys";

/** The app's payout rules: paused, and the cost above which a redeem needs a second member's approval. */
export function usePayoutSettings() {
  return useQuery({
    queryKey: payoutKeys.settings(),
    queryFn: ({ signal }) => call(payoutEndpoints.settings, {}, { signal }),
  });
}

/** Saves the rules; the answer replaces the cached ones (the Redeems screens' warning reads them too). */
export function useSavePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutSettings) =>
      call(payoutEndpoints.saveSettings, { body: payoutSettingsSchema.parse(body) }),
    onSuccess: (saved) => queryClient.setQueryData(payoutKeys.settings(), saved),
  });
}
