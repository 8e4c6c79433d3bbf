import { payoutEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { redeemsKeys } from "./keys";

/** The app's payout rules, for the "Payouts are paused" warning: one query, cached across screens. */
export function usePayoutSettings() {
  return useQuery({
    queryKey: redeemsKeys.payoutSettings(),
    queryFn: ({ signal }) => call(payoutEndpoints.settings, {}, { signal }),
  });
}
