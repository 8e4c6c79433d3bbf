import { redeemStatus } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { appUsers, mailOutbox, payouts, redeems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { refundRedeem } from "../ledger/index.ts";
import { composeRewardMail, rewardMailDraft } from "./reward-mail.ts";

export type PayoutRow = typeof payouts.$inferSelect;
type RedeemRow = typeof redeems.$inferSelect;

const active = (status: string) => status === "queued" || status === "processing";

/**
 * Locks what applying an outcome changes, in the order every redeem writer takes: the redeem, its user,
 * then the payout. Answers them only while the payout is still under way and, for a worker's claim
 * (`claimedAttempts`), still that claim's: of a webhook and a poll seeing one order at once, the second
 * finds the payout finished and changes nothing.
 */
export async function lockActive(tx: Tx, payout: PayoutRow, claimedAttempts?: number) {
  const [redeem] = await tx
    .select()
    .from(redeems)
    .where(and(eq(redeems.adminId, payout.appId), eq(redeems.id, payout.redeemId)))
    .for("update");
  if (!redeem) return null;
  await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.id, redeem.userId)).for("update");
  const [current] = await tx.select().from(payouts).where(eq(payouts.id, payout.id)).for("update");
  if (!current || !active(current.status)) return null;
  if (claimedAttempts !== undefined && current.attempts !== claimedAttempts) return null;
  return { redeem, payout: current };
}

type Paid = {
  via: "inventory" | "provider";
  /** The gift card (a stock code, or the provider's link), stored encrypted and e-mailed; none for EMAIL delivery. */
  code?: { value: string; pin: string | null };
  provider?: ProviderFields;
};
export type ProviderFields = { orderId: string; rewardId: string | null; status: string };

const providerColumns = (provider?: ProviderFields) =>
  provider
    ? {
        providerOrderId: provider.orderId,
        providerRewardId: provider.rewardId,
        providerStatus: provider.status,
      }
    : {};

async function templatedRewardMail(tx: Tx, redeem: RedeemRow, code: NonNullable<Paid["code"]>) {
  const draft = await rewardMailDraft(tx, redeem.adminId, redeem.userId, redeem.rewardName);
  const mail = composeRewardMail({
    language: draft.language,
    text: draft.text,
    rewardName: redeem.rewardName,
    code: code.value,
    pin: code.pin,
  });
  return { subject: draft.subject, ...mail };
}

/**
 * The payout paid: the redeem Sent (how, and when), and our reward e-mail queued when we carry the code,
 * written by the app's template in the user's language.
 */
export async function finishPaid(tx: Tx, payout: PayoutRow, redeem: RedeemRow, paid: Paid, now: Date) {
  const mail = paid.code ? await templatedRewardMail(tx, redeem, paid.code) : null;
  await tx
    .update(payouts)
    .set({
      status: "paid",
      message: null,
      lockedUntil: null,
      finishedAt: now,
      updatedAt: now,
      ...providerColumns(paid.provider),
    })
    .where(eq(payouts.id, payout.id));
  await tx
    .update(redeems)
    .set({
      status: redeemStatus.sent,
      paidVia: paid.via,
      paidAt: now,
      paidByAdminId: payout.requestedByAdminId,
      ...(paid.code ? { code: paid.code.value } : {}),
      ...(mail ? { subject: mail.subject, bodyHtml: mail.body } : {}),
      updatedAt: now,
    })
    .where(eq(redeems.id, redeem.id));
  if (mail) {
    await tx.insert(mailOutbox).values({
      id: newId(),
      adminId: redeem.adminId,
      redeemId: redeem.id,
      toAddress: redeem.redeemEmail,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    });
  }
  return Boolean(mail);
}

/**
 * The payout failed. `refund`: the provider failed or canceled the order, so the redeem is Rejected and
 * its points go back (once: the redeem is locked and still Processing); otherwise it is Pending again,
 * its points untouched, for a person to decide.
 */
export async function finishFailed(
  tx: Tx,
  payout: PayoutRow,
  redeem: RedeemRow,
  message: string,
  now: Date,
  options: { refund?: boolean; provider?: ProviderFields } = {},
) {
  await tx
    .update(payouts)
    .set({
      status: "failed",
      message: message.slice(0, 500),
      lockedUntil: null,
      finishedAt: now,
      updatedAt: now,
      ...providerColumns(options.provider),
    })
    .where(eq(payouts.id, payout.id));
  if (redeem.status !== redeemStatus.processing) return;
  if (options.refund) {
    await refundRedeem(tx, {
      adminId: redeem.adminId,
      userId: redeem.userId,
      redeemId: redeem.id,
      points: redeem.rewardCost,
    });
  }
  await tx
    .update(redeems)
    .set({ status: options.refund ? redeemStatus.rejected : redeemStatus.pending, updatedAt: now })
    .where(eq(redeems.id, redeem.id));
}

/** The payout waits: tried again (or polled) at `nextAttemptAt`, the reason shown to the operator. */
export async function reschedule(
  tx: Tx,
  payout: PayoutRow,
  change: {
    status: "queued" | "processing";
    message: string | null;
    nextAttemptAt: Date;
    provider?: ProviderFields;
  },
  now: Date,
) {
  await tx
    .update(payouts)
    .set({
      status: change.status,
      message: change.message?.slice(0, 500) ?? null,
      nextAttemptAt: change.nextAttemptAt,
      lockedUntil: null,
      updatedAt: now,
      ...providerColumns(change.provider),
    })
    .where(eq(payouts.id, payout.id));
}
