import { messages, redeemStatus } from "@rewards/contract";
import type { Db } from "../../db/client.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import {
  assertNotPaused,
  assertPayableBy,
  createPayoutJob,
  fulfilmentsOf,
  insertPayouts,
  type NewPayout,
  readPayoutSettings,
  redeemsWithActivePayout,
} from "../payouts/index.ts";
import { changeRedeemStatus, lockRedeems } from "./redeem-points.ts";

/** A refusal's reason (a 409 of the rules); anything else is a real error. */
function refusal(error: unknown): string {
  if (error instanceof AppError) return error.message;
  throw error;
}

/**
 * "Pay selected": every id must be a redeem of this app (404 otherwise, nothing created), payouts must
 * not be paused (409). In one transaction (the redeems locked in id order) creates the job and one payout
 * per redeem: refused at once with its reason (paid by hand, Sent already, a payout under way, four-eyes,
 * too few points to pay a Rejected one again), or queued with the redeem Processing. Wake the worker after.
 */
export async function payRedeems(
  db: Db,
  actor: Actor,
  ids: string[],
): Promise<{ jobId: string; queued: number }> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await lockRedeems(tx, actor.appId, unique);
    if (rows.length !== unique.length) throw new AppError(404, messages.notFound);
    const rules = await readPayoutSettings(tx, actor.appId, "share");
    assertNotPaused(rules);
    const jobId = await createPayoutJob(tx, actor.appId, actor.accountId, rows.length);
    const active = await redeemsWithActivePayout(tx, unique);
    const itemIds = [...new Set(rows.flatMap((row) => (row.rewardItemId ? [row.rewardItemId] : [])))];
    const fulfilments = await fulfilmentsOf(tx, actor.appId, itemIds);
    const payouts: NewPayout[] = [];
    for (const redeem of rows) {
      const method = (redeem.rewardItemId && fulfilments.get(redeem.rewardItemId)) || "manual";
      const base = {
        appId: actor.appId,
        redeemId: redeem.id,
        method,
        jobId,
        requestedByAdminId: actor.accountId,
      };
      let refused: string | null = null;
      // The redeem's own state first: a Sent one is refused as Sent, whatever its item.
      if (redeem.status === redeemStatus.sent) refused = messages.redeemAlreadySent;
      else if (redeem.status === redeemStatus.processing || active.has(redeem.id))
        refused = messages.payoutInProgress;
      else if (method === "manual") refused = messages.paidByHand;
      else if (method === "provider" && !rules.tremendous) refused = messages.providerNotReady;
      else {
        try {
          assertPayableBy(rules, redeem, actor.accountId);
          // A Rejected redeem is debited again: too few points refuses that one only.
          await tx.transaction((savepoint) => changeRedeemStatus(savepoint, redeem, redeemStatus.processing));
        } catch (error) {
          refused = refusal(error);
        }
      }
      payouts.push(refused ? { ...base, refused } : base);
    }
    await insertPayouts(tx, payouts);
    const queued = payouts.filter((payout) => !payout.refused).length;
    await recordAudit(
      tx,
      byActor(actor, {
        action: "redeem.payMany",
        recordType: "payoutJob",
        recordId: jobId,
        changes: changesBetween(null, { redeems: rows.length, queued }),
      }),
    );
    return { jobId, queued };
  });
}
