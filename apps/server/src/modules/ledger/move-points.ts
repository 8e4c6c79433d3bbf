import type { LedgerBucket, LedgerReason } from "@rewards/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { type Bind, bindNow } from "../../db/prepared.ts";
import { appUsers, pointHolds, pointsLedger } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

export type PointsMove = {
  adminId: string;
  userId: string;
  /** Signed: credits are positive, debits negative. */
  amount: number;
  reason: LedgerReason;
  referenceId?: string | null;
  actorAdminId?: string | null;
  /** Why: an administrator's reason for an adjustment. */
  note?: string | null;
  /** The balance moved: `available` (the spendable `points`, the default) or `pending` (held points). */
  bucket?: LedgerBucket;
  /** A held credit's hold row (a `pending` move of an offer's share), written by the same statement. */
  hold?: { offerId: string; releaseAt: Date; reason: string };
};

/**
 * A move as the WITH items of a statement: `<name>_moved` (the cached balance, returning the new
 * available balance), `<name>_logged` (its ledger row) and `<name>_held` (a hold's row), each written only
 * when the balance moved. PostgreSQL runs a data-modifying WITH item whether or not it is read. `when`: a
 * condition the move also waits for (a credit moves only when its offer was stored by the same statement).
 * `bind` writes the move's values (placeholders `<name>_<value>` for a statement prepared per shape).
 */
export function moveSteps(move: PointsMove, name: string, when?: SQL, bind: Bind = bindNow): SQL {
  if (!Number.isInteger(move.amount)) throw new Error(`points move must be an integer, got ${move.amount}`);
  const bucket = move.bucket ?? "available";
  const { hold } = move;
  if (hold && (bucket !== "pending" || move.amount <= 0)) throw new Error("a hold holds a pending credit");
  const value = (key: string, given: unknown) => bind(`${name}_${key}`, given);
  const moved = sql.identifier(`${name}_moved`);
  const [adminId, userId, amount] = [
    value("admin_id", move.adminId),
    value("user_id", move.userId),
    value("amount", move.amount),
  ];
  return sql`${moved} as (
      update ${appUsers}
      set ${balanceSet(bucket, amount)}, updated_at = now()
      where id = ${userId} and admin_id = ${adminId}${when ? sql` and ${when}` : sql``}
      returning points
    ), ${sql.identifier(`${name}_logged`)} as (
      insert into ${pointsLedger} (id, admin_id, user_id, amount, reason, reference_id, actor_admin_id, note, bucket)
      select ${value("ledger_id", newId())}, ${adminId}, ${userId}, ${amount}, ${value("reason", move.reason)},
        ${value("reference_id", move.referenceId ?? null)}, ${value("actor_admin_id", move.actorAdminId ?? null)},
        ${value("note", move.note ?? null)}, ${value("bucket", bucket)}
      from ${moved}
    )${
      hold
        ? sql`, ${sql.identifier(`${name}_held`)} as (
      insert into ${pointHolds} (id, app_id, user_id, offer_id, points, release_at, reason)
      select ${value("hold_id", newId())}, ${adminId}, ${userId}, ${value("hold_offer_id", hold.offerId)}, ${amount},
        ${value("hold_release_at", hold.releaseAt.toISOString())}::timestamptz, ${value("hold_reason", hold.reason)}
      from ${moved}
    )`
        : sql``
    }`;
}

/** What moveSteps' text depends on besides its name and `when`: a statement prepared per shape names it. */
export const moveShape = (move: PointsMove) => `${move.bucket ?? "available"}${move.hold ? "+hold" : ""}`;

/**
 * Moves a user's points: one ledger row and the cached balance it names, in the caller's transaction, so
 * `points` always equals the sum of the user's `available` rows and `pending_points` the sum of the
 * `pending` ones. One statement, one round trip. Returns the new available balance, or null when no such
 * user.
 */
export async function movePoints(tx: Tx, move: PointsMove): Promise<number | null> {
  const result = await tx.execute(sql`with ${moveSteps(move, "move")} select points from move_moved`);
  const [row] = (result as unknown as { rows: { points: number }[] }).rows;
  return row ? Number(row.points) : null;
}

const balanceSet = (bucket: LedgerBucket, amount: unknown) =>
  bucket === "pending" ? sql`pending_points = pending_points + ${amount}` : sql`points = points + ${amount}`;
