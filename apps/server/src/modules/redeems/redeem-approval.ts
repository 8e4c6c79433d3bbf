import { messages, type RedeemDetails, redeemStatus } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { redeems } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { needsApproval, readPayoutSettings } from "../payouts/index.ts";
import { lockRedeems } from "./redeem-points.ts";
import { getRedeemDetails } from "./redeem-queries.ts";

/**
 * Four-eyes: a member approves a redeem whose cost is above the app's approval amount, so that another
 * member can pay it. In one transaction with the redeem row locked (then the app's payout rules read, the
 * order every pay takes), so of two members approving at once one wins and the other gets 409. Refused
 * (409) when the redeem needs no approval, is Sent already, or is approved already. Null when no such redeem.
 */
export async function approveRedeem(db: Db, actor: Actor, id: string): Promise<RedeemDetails | null> {
  const approver = actor.accountId;
  if (!approver) throw new Error("an approval is made by a member");
  const found = await db.transaction(async (tx) => {
    const [redeem] = await lockRedeems(tx, actor.appId, [id]);
    if (!redeem) return false;
    const rules = await readPayoutSettings(tx, actor.appId, "share");
    if (!needsApproval(rules, redeem.rewardCost)) throw new AppError(409, messages.approvalNotNeeded);
    if (redeem.status === redeemStatus.sent) throw new AppError(409, messages.redeemAlreadySent);
    if (redeem.approvedByAdminId) throw new AppError(409, messages.alreadyApproved);
    const approval = { approvedByAdminId: approver, approvedAt: new Date() };
    await tx
      .update(redeems)
      .set({ ...approval, updatedAt: new Date() })
      .where(eq(redeems.id, redeem.id));
    await recordAudit(
      tx,
      byActor(actor, {
        action: "redeem.approve",
        recordType: "redeem",
        recordId: redeem.id,
        changes: changesBetween({ approvedByAdminId: null, approvedAt: null }, approval),
      }),
    );
    return true;
  });
  return found ? getRedeemDetails(db, actor.appId, id) : null;
}
