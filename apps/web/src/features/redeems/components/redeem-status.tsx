import { Badge } from "@mantine/core";
import { type Redeem, redeemStatus, redeemStatusValues } from "@rewards/contract";
import { t } from "../../../lib/i18n";

export type RedeemStatus = Redeem["status"];

/**
 * One numbering everywhere, list filter included: 0 Pending, 1 Sent, 2 Rejected (decision 0004), and
 * 3 Processing, a payout under way (set only by payouts).
 */
const labels: Record<RedeemStatus, () => string> = {
  [redeemStatus.pending]: () => t("redeems.status.pending"),
  [redeemStatus.sent]: () => t("redeems.status.sent"),
  [redeemStatus.rejected]: () => t("redeems.status.rejected"),
  [redeemStatus.processing]: () => t("payoutState.redeemProcessing"),
};
const colors: Record<RedeemStatus, string> = {
  [redeemStatus.pending]: "yellow",
  [redeemStatus.sent]: "green",
  [redeemStatus.rejected]: "red",
  [redeemStatus.processing]: "blue",
};

export function redeemStatusLabel(status: RedeemStatus): string {
  return labels[status]();
}

/** Every status as select options (the list's filter), values being the wire numbers. */
export function redeemStatusOptions() {
  return redeemStatusValues.map((status) => ({ value: String(status), label: redeemStatusLabel(status) }));
}

/** The statuses an operator may set by hand: Processing belongs to the payout under way. */
export function settableRedeemStatusOptions() {
  return redeemStatusOptions().filter((option) => option.value !== String(redeemStatus.processing));
}

export function RedeemStatusBadge({ status }: { status: RedeemStatus }) {
  return (
    <Badge color={colors[status]} variant="light" miw="max-content">
      {redeemStatusLabel(status)}
    </Badge>
  );
}
