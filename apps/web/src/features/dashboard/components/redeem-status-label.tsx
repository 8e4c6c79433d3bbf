import { Badge } from "@mantine/core";
import type { Dashboard } from "@rewards/contract";
import { type I18nKey, t } from "../../../lib/i18n";

type RedeemStatus = Dashboard["LastRedeems"][number]["status"];

// The Redeems screen's wording and colours: 0 Pending, 1 Sent, 2 Rejected (decision 0004).
const labels: Record<RedeemStatus, I18nKey> = {
  0: "redeems.status.pending",
  1: "redeems.status.sent",
  2: "redeems.status.rejected",
};
const colors: Record<RedeemStatus, string> = { 0: "yellow", 1: "green", 2: "red" };

export function RedeemStatusLabel({ status }: { status: RedeemStatus }) {
  return (
    <Badge color={colors[status]} variant="light" size="xs">
      {t(labels[status])}
    </Badge>
  );
}
