import type { LedgerBucket, LedgerReason } from "@rewards/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
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
 * Moves a user's points: one ledger row and the cached balance it names, in the caller's transaction, so
 * `points` always equals the sum of the user's `available` rows and `pending_points` the sum of the
 * `pending` ones. One statement, one round trip (movesSteps, as a batch of credits). Returns the new
 * available balance, or null when no such user.
 */
export async function movePoints(tx: Tx, move: PointsMove): Promise<number | null> {
  const records = JSON.stringify([moveRecord(move)]);
  const result = await tx.execute(
    sql`with ${movesSteps(sql`select ${records}::jsonb`)} select points from moves_moved`,
  );
  const [row] = (result as unknown as { rows: { points: number }[] }).rows;
  return row ? Number(row.points) : null;
}

/** A move as one record of the JSON that movesSteps reads, by column name. Checks what a move may be. */
export function moveRecord(move: PointsMove) {
  if (!Number.isInteger(move.amount)) throw new Error(`points move must be an integer, got ${move.amount}`);
  const bucket = move.bucket ?? "available";
  const { hold } = move;
  if (hold && (bucket !== "pending" || move.amount <= 0)) throw new Error("a hold holds a pending credit");
  return {
    ledger_id: newId(),
    admin_id: move.adminId,
    user_id: move.userId,
    amount: move.amount,
    reason: move.reason,
    reference_id: move.referenceId ?? null,
    actor_admin_id: move.actorAdminId ?? null,
    note: move.note ?? null,
    bucket,
    hold_id: hold ? newId() : null,
    hold_offer_id: hold?.offerId ?? null,
    hold_release_at: hold?.releaseAt.toISOString() ?? null,
    hold_reason: hold?.reason ?? null,
  };
}

export type MoveRecord = ReturnType<typeof moveRecord>;

const moveRecordColumns = sql.raw(
  "ledger_id uuid, admin_id uuid, user_id uuid, amount bigint, reason text, reference_id uuid, " +
    "actor_admin_id uuid, note text, bucket text, hold_id uuid, hold_offer_id uuid, " +
    "hold_release_at timestamptz, hold_reason text",
);

/**
 * Moves as the WITH items of one statement: `moves` (each record of the jsonb arrays that `records`
 * selects, see moveRecord), `moves_moved` (each user's balances moved once by the sum of the user's moves,
 * so two moves of one user in one statement both count; returns the user's id and new available
 * balance), `moves_logged` (the ledger rows) and `moves_held` (the holds), written only for users whose
 * balance moved. PostgreSQL runs a data-modifying WITH item whether or not it is read.
 */
export function movesSteps(records: SQL): SQL {
  return sql`moves as (
      select move.* from (${records}) as source (records),
        jsonb_to_recordset(source.records) as move (${moveRecordColumns})
    ), moves_moved as (
      update ${appUsers} as u
      set points = u.points + sums.available, pending_points = u.pending_points + sums.pending,
        updated_at = now()
      from (
        select admin_id, user_id,
          coalesce(sum(amount) filter (where bucket = 'available'), 0)::bigint as available,
          coalesce(sum(amount) filter (where bucket = 'pending'), 0)::bigint as pending
        from moves group by admin_id, user_id order by admin_id, user_id
      ) as sums
      where u.id = sums.user_id and u.admin_id = sums.admin_id
      returning u.id, u.points
    ), moves_logged as (
      insert into ${pointsLedger} (id, admin_id, user_id, amount, reason, reference_id, actor_admin_id, note, bucket)
      select ledger_id, admin_id, user_id, amount, reason, reference_id, actor_admin_id, note, bucket
      from moves where user_id in (select id from moves_moved)
    ), moves_held as (
      insert into ${pointHolds} (id, app_id, user_id, offer_id, points, release_at, reason)
      select hold_id, admin_id, user_id, hold_offer_id, amount, hold_release_at, hold_reason
      from moves where hold_id is not null and user_id in (select id from moves_moved)
    )`;
}
