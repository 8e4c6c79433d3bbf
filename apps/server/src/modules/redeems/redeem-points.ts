import { messages, redeemStatus } from "@rewards/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { appUsers, redeems } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { debitRedeem, refundRedeem } from "../ledger/index.ts";
import { redeemsWithActivePayout } from "../payouts/index.ts";
import type { RedeemRow } from "./redeems.mapper.ts";

/** A redeem holds its rewardCost points whenever it is not Rejected (decision 0004). */
const holdsPoints = (status: number) => status !== redeemStatus.rejected;

/**
 * Locks the tenant's redeems with these ids, then their users, each in id order. Every writer takes its
 * locks in this one order, so concurrent bulk changes wait for each other instead of deadlocking.
 */
export async function lockRedeems(tx: Tx, adminId: string, ids: string[]): Promise<RedeemRow[]> {
  const rows = await tx
    .select()
    .from(redeems)
    .where(and(eq(redeems.adminId, adminId), inArray(redeems.id, ids)))
    .orderBy(asc(redeems.id))
    .for("update");
  const userIds = [...new Set(rows.map((row) => row.userId))];
  if (userIds.length > 0) {
    await tx
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(inArray(appUsers.id, userIds))
      .orderBy(asc(appUsers.id))
      .for("update");
  }
  return rows;
}

/**
 * Moves a locked redeem to another status and its points with it: entering Rejected refunds rewardCost
 * once; leaving Rejected debits it again and is refused (409) when the balance would go negative, which
 * rolls back the caller's whole transaction.
 */
export async function changeRedeemStatus(
  tx: Tx,
  redeem: RedeemRow,
  to: number,
  extra: Partial<typeof redeems.$inferInsert> = {},
): Promise<void> {
  if (redeem.status !== to) {
    const move = {
      adminId: redeem.adminId,
      userId: redeem.userId,
      redeemId: redeem.id,
      points: redeem.rewardCost,
    };
    if (holdsPoints(redeem.status) && !holdsPoints(to)) {
      await refundRedeem(tx, move);
    } else if (!holdsPoints(redeem.status) && holdsPoints(to)) {
      const balance = await debitRedeem(tx, move);
      if (balance === null || balance < 0) {
        throw new AppError(409, messages.insufficientPoints(redeem.redeemEmail));
      }
    }
  }
  await tx
    .update(redeems)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(eq(redeems.id, redeem.id));
}

/**
 * A redeem whose payout is under way (Processing, or a payout queued) belongs to the payout worker until it
 * is paid or fails: pay, cancel and status changes answer 409 and change nothing.
 */
export async function assertNoPayoutUnderWay(tx: Tx, redeem: RedeemRow): Promise<void> {
  if (
    redeem.status === redeemStatus.processing ||
    (await redeemsWithActivePayout(tx, [redeem.id])).size > 0
  ) {
    throw new AppError(409, messages.payoutInProgress);
  }
}
