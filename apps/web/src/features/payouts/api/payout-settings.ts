import { type PayoutSettings, payoutEndpoints, payoutSettingsSchema } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { payoutSettingsKey } from "../../../lib/payout-settings";

export { usePayoutSettings } from "../../../lib/payout-settings";

/** Saves the rules; the answer replaces the cached ones (the Redeems screens' warning reads them too). */
export function useSavePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutSettings) =>
      call(payoutEndpoints.saveSettings, { body: payoutSettingsSchema.parse(body) }),
    onSuccess: (saved) => queryClient.setQueryData(payoutSettingsKey, saved),
  });
}
