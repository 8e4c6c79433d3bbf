import {
  type PayoutSettings,
  payoutEndpoints,
  payoutSettingsSchema,
  settingsEndpoints,
} from "@rewards/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { payoutSettingsKey } from "../../../lib/payout-settings";
import { payoutKeys } from "./keys";

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

/** The app's public key: it names the app in the provider's webhook address. */
export function useWebhookAppKey() {
  return useQuery({
    queryKey: payoutKeys.appKey(),
    queryFn: ({ signal }) => call(settingsEndpoints.appKey, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
