import { Badge } from "@mantine/core";
import type { PayoutState } from "@rewards/contract";
import { t } from "../../../lib/i18n";
import { errorColor } from "../../../theme";

const colors: Record<PayoutState, string> = {
  queued: "gray",
  processing: "blue",
  paid: "green",
  failed: errorColor,
};

/** Where one redeem's payout is: queued, processing (ordered, awaited), paid or failed. */
export function PayoutStateBadge({ state }: { state: PayoutState }) {
  return (
    <Badge color={colors[state]} variant="light" miw="max-content">
      {t(`payoutState.status.${state}`)}
    </Badge>
  );
}
