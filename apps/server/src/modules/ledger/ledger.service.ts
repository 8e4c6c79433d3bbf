import { maxPointsBalance, messages } from "@rewards/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { pointHolds } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { type MoveRecord, movePoints, moveRecord, movesSteps, type PointsMove } from "./move-points.ts";

/**
 * The points rules, the only place points move: each rule is one or two ledger rows and the cached
 * balance, inside the caller's transaction (docs/features/ledger.md). Callers name what happened; the
 * rule decides the amounts, the reasons and what a move may not do.
 */

type Owner = { adminId: string; userId: string };

/** Why and until when a credit is held (pending) before it can be spent. */
export type CreditHold = { releaseAt: Date; reason: string };

type OfferShares = Owner & {
  offerId: string;
  points: number;
  referrerId: string | null;
  referralPoints: number;
};

/**
 * A completed offer's credit, and the referrer's share of it (when the user was referred). Held (`hold`
 * given): each share goes to its user's pending balance with a hold row of its own, released together.
 */
export async function creditOffer(tx: Tx, offer: OfferShares & { hold?: CreditHold | null }) {
  const records = JSON.stringify(creditMoveRecords(offer));
  await tx.execute(sql`with ${movesSteps(sql`select ${records}::jsonb`)} select 1`);
}

/** A credit's moves as records of a batch of credits written by one statement (see movesSteps). */
export const creditMoveRecords = (offer: OfferShares & { hold?: CreditHold | null }): MoveRecord[] =>
  creditMoves(offer).map(moveRecord);

/** The moves of a credit: the user's share, and the referrer's when the user was referred. */
function creditMoves(offer: OfferShares & { hold?: CreditHold | null }): PointsMove[] {
  const shares: Share[] = [{ userId: offer.userId, points: offer.points, reason: "offer" }];
  if (offer.referrerId && offer.referralPoints > 0) {
    shares.push({ userId: offer.referrerId, points: offer.referralPoints, reason: "referral" });
  }
  return shares.map((share) => {
    const held = offer.hold && share.points > 0 ? offer.hold : null;
    return {
      adminId: offer.adminId,
      userId: share.userId,
      amount: share.points,
      reason: share.reason,
      referenceId: offer.offerId,
      bucket: held ? "pending" : "available",
      // The hold row goes with the ledger row, in the same statement.
      ...(held && {
        hold: {
          offerId: offer.offerId,
          releaseAt: held.releaseAt,
          reason: share.reason === "referral" ? `Referral share. ${held.reason}` : held.reason,
        },
      }),
    };
  });
}

type Share = { userId: string; points: number; reason: "offer" | "referral" };

/**
 * A network took a credited offer back: the credit and the referrer's share are taken back too. A share
 * still held leaves the pending balance (its hold is marked reversed); one already released or never held
 * leaves the spendable balance, which may go below zero (a debt new earnings pay first).
 */
export async function reverseOffer(tx: Tx, offer: OfferShares) {
  // Both shares' holds locked at once (in id order), so a release in flight either finished or waits.
  const holds = await tx
    .select({
      id: pointHolds.id,
      userId: pointHolds.userId,
      status: pointHolds.status,
      points: pointHolds.points,
    })
    .from(pointHolds)
    .where(and(eq(pointHolds.appId, offer.adminId), eq(pointHolds.offerId, offer.offerId)))
    .orderBy(asc(pointHolds.id))
    .for("update");
  const shares: { userId: string; points: number; reason: "offer_reversal" | "referral_reversal" }[] = [
    { userId: offer.userId, points: offer.points, reason: "offer_reversal" },
  ];
  if (offer.referrerId && offer.referralPoints > 0) {
    shares.push({ userId: offer.referrerId, points: offer.referralPoints, reason: "referral_reversal" });
  }
  for (const share of shares) {
    const hold = holds.find((row) => row.userId === share.userId && row.status === "held");
    await movePoints(tx, {
      adminId: offer.adminId,
      userId: share.userId,
      amount: -(hold ? hold.points : share.points),
      reason: share.reason,
      referenceId: offer.offerId,
      bucket: hold ? "pending" : "available",
    });
    if (hold) await tx.update(pointHolds).set({ status: "reversed" }).where(eq(pointHolds.id, hold.id));
  }
}

export type PointHoldRow = typeof pointHolds.$inferSelect;

/**
 * Releases a held credit: its points leave the pending balance for the spendable one (two `hold_release`
 * rows naming the offer). Only a hold still held moves, so a second release of the same hold (another
 * process, a click after the job) changes nothing: answers the released hold, or null when it was not held.
 */
export async function releaseHold(
  tx: Tx,
  hold: { appId: string; holdId: string },
): Promise<PointHoldRow | null> {
  const [row] = await tx
    .select()
    .from(pointHolds)
    .where(and(eq(pointHolds.id, hold.holdId), eq(pointHolds.appId, hold.appId)))
    .for("update");
  if (row?.status !== "held") return null;
  const move = {
    adminId: row.appId,
    userId: row.userId,
    reason: "hold_release" as const,
    referenceId: row.offerId,
  };
  await movePoints(tx, { ...move, amount: -row.points, bucket: "pending" });
  await movePoints(tx, { ...move, amount: row.points, bucket: "available" });
  const [released] = await tx
    .update(pointHolds)
    .set({ status: "released", releasedAt: new Date() })
    .where(eq(pointHolds.id, row.id))
    .returning();
  return released ?? null;
}

/** A redeem takes its cost from the balance. Answers the new balance, or null when the user is gone. */
export async function debitRedeem(tx: Tx, redeem: Owner & { redeemId: string; points: number }) {
  return movePoints(tx, {
    ...ownerOf(redeem),
    amount: -redeem.points,
    reason: "redeem",
    referenceId: redeem.redeemId,
  });
}

/** A rejected or cancelled redeem gives its cost back. */
export async function refundRedeem(tx: Tx, redeem: Owner & { redeemId: string; points: number }) {
  return movePoints(tx, {
    ...ownerOf(redeem),
    amount: redeem.points,
    reason: "redeem_refund",
    referenceId: redeem.redeemId,
  });
}

/**
 * An administrator's adjustment, with the reason they gave. Refused (409, on the pointsDelta field) when it
 * would take the balance below zero or above maxPointsBalance; a removal down to zero is always allowed.
 */
export async function adjustPoints(
  tx: Tx,
  adjustment: Owner & { currentPoints: number; delta: number; reason: string; actorAdminId: string | null },
) {
  const after = adjustment.currentPoints + adjustment.delta;
  if (after < 0) {
    const message = messages.pointsBelowZero(adjustment.currentPoints);
    throw new AppError(409, message, { pointsDelta: message });
  }
  if (adjustment.delta > 0 && after > maxPointsBalance) {
    const message = messages.pointsAboveLimit(maxPointsBalance.toLocaleString("en-US"));
    throw new AppError(409, message, { pointsDelta: message });
  }
  await movePoints(tx, {
    ...ownerOf(adjustment),
    amount: adjustment.delta,
    reason: "admin_adjustment",
    actorAdminId: adjustment.actorAdminId,
    note: adjustment.reason,
  });
}

const ownerOf = (owner: Owner) => ({ adminId: owner.adminId, userId: owner.userId });
