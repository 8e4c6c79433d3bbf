import { payoutEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "./api-client";
import { queryRoots } from "./query-roots";

/** The app's payout rules' one cache entry: the Payouts page saves into it, the Redeems screens read it. */
export const payoutSettingsKey = [...queryRoots.payouts, "settings"] as const;

/**
 * The app's payout rules: paused, the cost above which a redeem needs a second member's approval, the
 * provider account (secrets masked), the hold rules and automatic approval.
 */
export function usePayoutSettings() {
  return useQuery({
    queryKey: payoutSettingsKey,
    queryFn: ({ signal }) => call(payoutEndpoints.settings, {}, { signal }),
  });
}
