import { maxPointsBalance, messages } from "@rewards/contract";
import type { Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { movePoints } from "./move-points.ts";

/**
 * The points rules, the only place points move: each rule is one or two ledger rows and the cached
 * balance, inside the caller's transaction (docs/features/ledger.md). Callers name what happened; the
 * rule decides the amounts, the reasons and what a move may not do.
 */

type Owner = { adminId: string; userId: string };

/** A completed offer's credit, and the referrer's share of it (when the user was referred). */
export async function creditOffer(
  tx: Tx,
  offer: Owner & { offerId: string; points: number; referrerId: string | null; referralPoints: number },
) {
  await movePoints(tx, {
    ...ownerOf(offer),
    amount: offer.points,
    reason: "offer",
    referenceId: offer.offerId,
  });
  if (offer.referrerId && offer.referralPoints > 0) {
    await movePoints(tx, {
      adminId: offer.adminId,
      userId: offer.referrerId,
      amount: offer.referralPoints,
      reason: "referral",
      referenceId: offer.offerId,
    });
  }
}

/** A network took a credited offer back: the credit and the referrer's share are taken back too. */
export async function reverseOffer(
  tx: Tx,
  offer: Owner & { offerId: string; points: number; referrerId: string | null; referralPoints: number },
) {
  await movePoints(tx, {
    ...ownerOf(offer),
    amount: -offer.points,
    reason: "offer_reversal",
    referenceId: offer.offerId,
  });
  if (offer.referrerId && offer.referralPoints > 0) {
    await movePoints(tx, {
      adminId: offer.adminId,
      userId: offer.referrerId,
      amount: -offer.referralPoints,
      reason: "referral_reversal",
      referenceId: offer.offerId,
    });
  }
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
    const message = messages.pointsAboveLimit(maxPointsBalance);
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
