import {
  historyRange,
  type LedgerBucket,
  type LedgerReason,
  type PointsHistoryAnswer,
  type PointsHistoryEntry,
  type PointsHistoryQuery,
} from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appUsers } from "../../db/schema/index.ts";

type Row = {
  id: string;
  reason: LedgerReason;
  amount: string | number;
  bucket: LedgerBucket;
  balance_after: string | number;
  pending_after: string | number;
  created_at: Date | string;
  note: string | null;
  total: string | number;
  offer_id: string | null;
  network: string | null;
  offer_name: string | null;
  transaction_id: string | null;
  redeem_id: string | null;
  reward_name: string | null;
  referred_id: string | null;
  referred_username: string | null;
  actor_id: string | null;
  actor_name: string | null;
};

/** Reasons whose reference is a completed offer; a redeem's are `redeem` and `redeem_refund`. */
const offerReasons = sql`('offer', 'offer_reversal', 'referral', 'referral_reversal', 'hold_release')`;
const redeemReasons = sql`('redeem', 'redeem_refund')`;

/**
 * A user's points history (the Points history tab): their ledger entries newest first, paged, each with
 * the available and pending balances after it and the records it names, in one statement.
 *
 * The balances are running sums in (created_at, id) order over ALL the user's entries (index
 * points_ledger_user_created_idx), taken before the filter, so a filter never changes them; then the filter,
 * the page and the joins (the offer, the redeem, the offer's user for a referral share, the adjusting
 * member) on the page's rows only. Answers null when the user is not one of the app's.
 */
export async function pointsHistory(
  db: Db,
  appId: string,
  userId: string,
  query: PointsHistoryQuery,
): Promise<PointsHistoryAnswer | null> {
  const [user] = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(and(eq(appUsers.adminId, appId), eq(appUsers.id, userId)));
  if (!user) return null;

  const { start, end } = historyRange(query.filter);
  const filters = [sql`true`];
  if (query.filter.kind) filters.push(sql`m.reason = ${query.filter.kind}`);
  if (start) filters.push(sql`m.created_at >= ${start.toISOString()}::timestamptz`);
  if (end) filters.push(sql`m.created_at < ${end.toISOString()}::timestamptz`);
  const where = sql.join(filters, sql` and `);
  const offset = (query.pageNumber - 1) * query.pageSize;

  const result = await db.execute(sql`
    with mine as (
      select l.id, l.admin_id, l.user_id, l.reason, l.amount, l.bucket, l.reference_id, l.actor_admin_id,
        l.note, l.created_at,
        coalesce(sum(l.amount) filter (where l.bucket = 'available') over running, 0) as balance_after,
        coalesce(sum(l.amount) filter (where l.bucket = 'pending') over running, 0) as pending_after
      from points_ledger l
      where l.user_id = ${userId} and l.admin_id = ${appId}
      window running as (order by l.created_at, l.id rows between unbounded preceding and current row)
    ), page as (
      select m.*, count(*) over () as total
      from mine m
      where ${where}
      order by m.created_at desc, m.id desc
      limit ${query.pageSize} offset ${offset}
    )
    select p.id, p.reason, p.amount, p.bucket, p.balance_after, p.pending_after, p.created_at, p.note, p.total,
      o.id as offer_id, o.network, o.offer_name, o.transaction_id,
      r.id as redeem_id, r.reward_name,
      ru.id as referred_id, ru.username as referred_username,
      a.id as actor_id, a.full_name as actor_name
    from page p
    left join completed_offers o
      on p.reason in ${offerReasons} and o.id = p.reference_id and o.admin_id = p.admin_id
    left join redeems r
      on p.reason in ${redeemReasons} and r.id = p.reference_id and r.admin_id = p.admin_id
    left join app_users ru on ru.id = o.user_id and ru.admin_id = p.admin_id and o.user_id <> p.user_id
    left join admins a on a.id = p.actor_admin_id
    order by p.created_at desc, p.id desc`);
  const rows = (result as unknown as { rows: Row[] }).rows;

  const totalCount = rows[0]
    ? Number(rows[0].total)
    : offset > 0
      ? await countOf(db, appId, userId, where)
      : 0;
  return { totalCount, entities: rows.map(toEntry) };
}

/** A page past the end has no row to carry the count: counted on its own. */
async function countOf(db: Db, appId: string, userId: string, where: ReturnType<typeof sql>) {
  const result = await db.execute(sql`
    select count(*) as total from points_ledger m
    where m.user_id = ${userId} and m.admin_id = ${appId} and ${where}`);
  const [row] = (result as unknown as { rows: { total: string | number }[] }).rows;
  return Number(row?.total ?? 0);
}

function toEntry(row: Row): PointsHistoryEntry {
  return {
    _id: row.id,
    kind: row.reason,
    points: Number(row.amount),
    bucket: row.bucket,
    balanceAfter: Number(row.balance_after),
    pendingAfter: Number(row.pending_after),
    createdAt: new Date(row.created_at).toISOString(),
    offer: row.offer_id
      ? {
          _id: row.offer_id,
          network: row.network ?? "",
          offerName: row.offer_name ?? "",
          transactionId: row.transaction_id ?? "",
        }
      : null,
    redeem: row.redeem_id ? { _id: row.redeem_id, rewardName: row.reward_name ?? "" } : null,
    referredUser: row.referred_id ? { _id: row.referred_id, username: row.referred_username ?? "" } : null,
    actor: row.actor_id ? { _id: row.actor_id, fullName: row.actor_name ?? "" } : null,
    note: row.note,
  };
}
