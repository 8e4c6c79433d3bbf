import type { MailDelivery, Redeem } from "@rewards/contract";
import { type mailOutbox, redeems } from "../../db/schema/index.ts";
import { maskSecret } from "../../lib/secrets.ts";
import { toRiskReasons } from "../risk/index.ts";

export type RedeemRow = typeof redeems.$inferSelect;
type OutboxRow = typeof mailOutbox.$inferSelect;

/** The columns a redeem's list row shows (toRedeem): a page reads these, not the mail's body or the IPs. */
export const redeemListColumns = {
  id: redeems.id,
  userId: redeems.userId,
  redeemEmail: redeems.redeemEmail,
  rewardName: redeems.rewardName,
  rewardAmount: redeems.rewardAmount,
  rewardCost: redeems.rewardCost,
  rewardExtraInfo: redeems.rewardExtraInfo,
  redeemDate: redeems.redeemDate,
  status: redeems.status,
  code: redeems.code,
  subject: redeems.subject,
  paidAt: redeems.paidAt,
  riskReasons: redeems.riskReasons,
};

export const toRedeem = (
  row: Pick<RedeemRow, keyof typeof redeemListColumns>,
  userEmail: string,
): Redeem => ({
  _id: row.id,
  redeemUser: row.userId,
  userEmail,
  redeemEmail: row.redeemEmail,
  rewardName: row.rewardName,
  rewardAmount: row.rewardAmount,
  rewardCost: row.rewardCost,
  rewardExtraInfo: row.rewardExtraInfo,
  redeemDate: row.redeemDate.toISOString(),
  status: row.status as Redeem["status"],
  // Masked for every role, like a setting's secret; redeemEndpoints.revealCode shows it (audited).
  code: row.code === null ? null : maskSecret(row.code),
  subject: row.subject,
  paidAt: row.paidAt?.toISOString() ?? null,
  riskReasons: toRiskReasons(row.riskReasons),
});

export const toDelivery = (row: OutboxRow): MailDelivery => ({
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  sentAt: row.sentAt?.toISOString() ?? null,
  nextAttemptAt: row.status === "queued" ? row.nextAttemptAt.toISOString() : null,
});
