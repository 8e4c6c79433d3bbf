import type { OfferNetwork } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { limitInText } from "../../db/prepared.ts";
import { appUsers, completedOffers, type postbackLog } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { creditMoveRecords, creditOffer, reverseOffer } from "../ledger/index.ts";
import { type HoldSettings, holdForCredit, holdOf, type UserHistory } from "../payouts/index.ts";
import type { Conversion } from "./conversions.ts";
import { writeCredit } from "./credit-batches.ts";
import type { LogFields } from "./log-entry.ts";

/** What one conversion moves, under the tenant's rules of today. */
export type Rules = {
  adminId: string;
  network: OfferNetwork;
  points: number;
  referrerId: string | null;
  referralPoints: number;
  /** The app's hold rules (a postback reads them with its tenant). */
  holdSettings: HoldSettings;
};

/** A conversion whose request was verified: `trustedSender` when it came from an address the operator listed. */
type VerifiedConversion = Conversion & { trustedSender?: boolean };

const offerKey = (rules: Rules, transactionId: string) =>
  and(
    eq(completedOffers.adminId, rules.adminId),
    eq(completedOffers.network, rules.network),
    eq(completedOffers.transactionId, transactionId),
  );

/** Credits an offer under the app's hold rules: held (pending) when a rule or the reversal rate says so. */
async function credit(
  tx: Tx,
  rules: Rules,
  userId: string,
  offerId: string,
  payoutUsd: number,
  history: UserHistory,
) {
  const hold = await holdForCredit(
    tx,
    { appId: rules.adminId, userId, network: rules.network, payoutUsd },
    rules.holdSettings,
    history,
  );
  await creditOffer(tx, {
    adminId: rules.adminId,
    userId,
    offerId,
    points: rules.points,
    referrerId: rules.referrerId,
    referralPoints: rules.referralPoints,
    hold,
  });
}

/**
 * Lootably signs neither the transaction id nor the goal, so one signature must not credit two of them:
 * under a lock on the user (whom the signature names), an earlier offer of the same user with the same
 * signature digest refuses this one, unless the request came from an address the operator listed. The
 * same transaction id with other values is a duplicate. Null: go on.
 */
async function reusedSignature(
  tx: Tx,
  rules: Rules,
  conversion: VerifiedConversion,
): Promise<Pick<LogFields, "outcome" | "reason"> | null> {
  const digest = conversion.singleUseSignature;
  if (!digest) return null;
  await tx
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(and(eq(appUsers.adminId, rules.adminId), eq(appUsers.id, conversion.userId)))
    .for("update");
  const sameTx = `${conversion.transactionId}#`;
  const sameSignature = `#${digest}`;
  const earlier = await tx
    .select({ key: completedOffers.transactionId })
    .from(completedOffers)
    .where(
      and(
        eq(completedOffers.adminId, rules.adminId),
        eq(completedOffers.network, rules.network),
        eq(completedOffers.userId, conversion.userId),
        sql`(left(${completedOffers.transactionId}, ${sameTx.length}) = ${sameTx}
          or right(${completedOffers.transactionId}, ${sameSignature.length}) = ${sameSignature})`,
      ),
    )
    .limit(limitInText(2))
    // Named for its generic plan, as lockExisting below: the user's offers through the user's index.
    .prepare("offers_by_signature")
    .execute();
  if (earlier.some((row) => row.key === conversion.offerKey)) return null;
  const other = earlier[0];
  if (!other) return null;
  if (other.key.startsWith(sameTx)) {
    return { outcome: "duplicate", reason: "Already credited (sent before with other values)" };
  }
  if (conversion.trustedSender) return null;
  const earlierTx = other.key.slice(0, -sameSignature.length);
  return {
    outcome: "bad_signature",
    reason:
      `This signature already credited transaction ${earlierTx}: Lootably does not sign the transaction id. ` +
      "List Lootably's server addresses in the network's settings to take repeats",
  };
}

/** The completed offer a conversion stores. */
const offerRow = (
  rules: Rules,
  conversion: VerifiedConversion,
  status: "credited" | "pending" | "reversed",
  transactionId: string,
  points: number,
) => ({
  id: newId(),
  adminId: rules.adminId,
  userId: conversion.userId,
  network: rules.network,
  transactionId,
  offerName: conversion.offerName,
  payout: conversion.payoutUsd,
  points,
  ip: conversion.ip,
  status,
  referrerId: status === "reversed" ? null : rules.referrerId,
  referralPoints: status === "reversed" ? 0 : rules.referralPoints,
});

const fieldsOf = (conversion: VerifiedConversion) => ({
  userId: conversion.userId,
  transactionId: conversion.transactionId,
  reason: "",
});

/**
 * A new credit in one statement outside any transaction (a statement is atomic), shared with the credits
 * that arrive beside it (writeCredit): the offer's insert, both shares' balances with their ledger rows and
 * holds, and the request's log row (`logRow`), each written only when the insert stored the offer. Null
 * when nothing was written and the conversion takes applyConversion's transaction instead: the
 * transaction id is stored already (a duplicate, or a pending conversion now approved), the conversion is
 * not a plain credit, its signature is single-use (Lootably), or the reversal rate flags the user.
 */
export async function creditAtOnce(
  db: Db,
  rules: Rules,
  conversion: VerifiedConversion,
  history: UserHistory,
  logRow?: (fields: LogFields) => typeof postbackLog.$inferInsert,
): Promise<LogFields | null> {
  if (conversion.kind !== "credit" || conversion.singleUseSignature) return null;
  const { hold, flagReversals } = holdOf(
    rules.holdSettings,
    { network: rules.network, payoutUsd: conversion.payoutUsd },
    history,
  );
  if (flagReversals) return null;
  const offer = offerRow(rules, conversion, "credited", conversion.offerKey, rules.points);
  const fields: LogFields = { ...fieldsOf(conversion), outcome: "credited", points: rules.points };
  const moves = creditMoveRecords({
    adminId: rules.adminId,
    userId: conversion.userId,
    offerId: offer.id,
    points: rules.points,
    referrerId: rules.referrerId,
    referralPoints: rules.referralPoints,
    hold,
  });
  const stored = await writeCredit(db, { offer, moves, log: logRow ? logRow(fields) : null });
  return stored ? fields : null;
}

export type StoredOffer = { status: "pending" | "credited" | "reversed"; userId: string };

/**
 * The one case where a credit or pending conversion whose key is stored already still credits: its own
 * user's pending conversion, now approved. Any other repeat is a duplicate (see alreadyStored).
 */
export const approvesPending = (stored: StoredOffer, conversion: Pick<Conversion, "kind" | "userId">) =>
  stored.status === "pending" && conversion.kind === "credit" && stored.userId === conversion.userId;

/** A duplicate's reason: what its transaction already is. */
export const alreadyStored = (stored: StoredOffer) => `Already ${stored.status}`;

/**
 * Applies a verified conversion in the caller's transaction. Idempotent by the unique index on
 * (admin, network, transaction id): INSERT … ON CONFLICT DO NOTHING decides which of several identical
 * requests credits; the others find the row (locked) and answer duplicate. `history`: the user's, as the
 * hold rules look at it (a postback reads it with its tenant).
 */
export async function applyConversion(
  tx: Tx,
  rules: Rules,
  conversion: VerifiedConversion,
  history: UserHistory,
): Promise<LogFields> {
  const base = fieldsOf(conversion);
  // Prepared under a name for its generic plan, which looks the transaction id up in an index. Planned for
  // its values, an app the statistics do not know yet (one created since the last ANALYZE, beside a big
  // one) is estimated at one row, every index on the app ties, and PostgreSQL read all of the app's offers
  // through its IP index to find one: 2.5 ms a repeated postback at 20,000 offers, growing with the app.
  const lockExisting = async (transactionId: string) => {
    const [row] = await tx
      .select()
      .from(completedOffers)
      .where(offerKey(rules, transactionId))
      .for("update")
      .prepare("completed_offer_by_key")
      .execute();
    return row;
  };

  if (conversion.kind !== "reversal") {
    const reused = await reusedSignature(tx, rules, conversion);
    if (reused) return { ...base, ...reused, points: 0 };
    const status = conversion.kind === "pending" ? "pending" : "credited";
    const [inserted] = await tx
      .insert(completedOffers)
      .values(offerRow(rules, conversion, status, conversion.offerKey, rules.points))
      .onConflictDoNothing()
      .returning({ id: completedOffers.id });
    if (inserted) {
      if (status === "pending") return { ...base, outcome: "pending", points: 0 };
      await credit(tx, rules, conversion.userId, inserted.id, conversion.payoutUsd, history);
      return { ...base, outcome: "credited", points: rules.points };
    }
    const existing = await lockExisting(conversion.offerKey);
    if (existing && approvesPending(existing, conversion)) {
      // Approved after pending: credit now, with today's rules.
      await tx
        .update(completedOffers)
        .set({
          status: "credited",
          points: rules.points,
          payout: conversion.payoutUsd,
          referrerId: rules.referrerId,
          referralPoints: rules.referralPoints,
        })
        .where(eq(completedOffers.id, existing.id));
      await credit(tx, rules, conversion.userId, existing.id, conversion.payoutUsd, history);
      return { ...base, outcome: "credited", points: rules.points };
    }
    return { ...base, outcome: "duplicate", points: 0, reason: existing ? alreadyStored(existing) : "" };
  }

  const target = conversion.targetTransactionId;
  let existing = await lockExisting(target);
  if (!existing) {
    // A reversal before its conversion: record the transaction as reversed, so it never credits later.
    const [inserted] = await tx
      .insert(completedOffers)
      .values(offerRow(rules, conversion, "reversed", target, 0))
      .onConflictDoNothing()
      .returning({ id: completedOffers.id });
    if (inserted)
      return {
        ...base,
        transactionId: target,
        outcome: "reversed",
        points: 0,
        reason: "Nothing was credited",
      };
    existing = await lockExisting(target);
  }
  if (!existing || existing.status === "reversed" || existing.userId !== conversion.userId) {
    return { ...base, transactionId: target, outcome: "duplicate", points: 0, reason: "Already reversed" };
  }
  await tx.update(completedOffers).set({ status: "reversed" }).where(eq(completedOffers.id, existing.id));
  if (existing.status === "pending") {
    return {
      ...base,
      transactionId: target,
      outcome: "reversed",
      points: 0,
      reason: "Pending conversion rejected",
    };
  }
  await reverseOffer(tx, {
    adminId: rules.adminId,
    userId: existing.userId,
    offerId: existing.id,
    points: existing.points,
    referrerId: existing.referrerId,
    referralPoints: existing.referralPoints,
  });
  return { ...base, transactionId: target, outcome: "reversed", points: -existing.points };
}
