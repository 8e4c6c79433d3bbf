import { Badge } from "@mantine/core";
import { type Redeem, redeemStatus, redeemStatusValues } from "@rewards/contract";
import { type I18nKey, t } from "../../../lib/i18n";

export type RedeemStatus = Redeem["status"];

/** One numbering everywhere, list filter included: 0 Pending, 1 Sent, 2 Rejected (decision 0004). */
const labels: Record<RedeemStatus, I18nKey> = {
  [redeemStatus.pending]: "redeems.status.pending",
  [redeemStatus.sent]: "redeems.status.sent",
  [redeemStatus.rejected]: "redeems.status.rejected",
};
const colors: Record<RedeemStatus, string> = {
  [redeemStatus.pending]: "yellow",
  [redeemStatus.sent]: "green",
  [redeemStatus.rejected]: "red",
};

export function redeemStatusLabel(status: RedeemStatus): string {
  return t(labels[status]);
}

/** The three statuses as select options, values being the wire numbers. */
export function redeemStatusOptions() {
  return redeemStatusValues.map((status) => ({ value: String(status), label: redeemStatusLabel(status) }));
}

export function RedeemStatusBadge({ status }: { status: RedeemStatus }) {
  return (
    <Badge color={colors[status]} variant="light" miw="max-content">
      {redeemStatusLabel(status)}
    </Badge>
  );
}
