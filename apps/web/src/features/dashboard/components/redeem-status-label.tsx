import { Badge } from "@mantine/core";
import type { Dashboard } from "@rewards/contract";
import { t } from "../../../lib/i18n";

type RedeemStatus = Dashboard["LastRedeems"][number]["status"];

// The Redeems screen's wording and colours: 0 Pending, 1 Sent, 2 Rejected (decision 0004), 3 Processing
// (a payout under way).
const labels: Record<RedeemStatus, () => string> = {
  0: () => t("redeems.status.pending"),
  1: () => t("redeems.status.sent"),
  2: () => t("redeems.status.rejected"),
  3: () => t("dashboardPayouts.status.processing"),
};
const colors: Record<RedeemStatus, string> = { 0: "yellow", 1: "green", 2: "red", 3: "blue" };

export function RedeemStatusLabel({ status }: { status: RedeemStatus }) {
  return (
    <Badge color={colors[status]} variant="light" size="xs">
      {labels[status]()}
    </Badge>
  );
}
