import type {
  AppLedgerAnswer,
  AppOffersAnswer,
  AppRedeem,
  AppRedeemsAnswer,
  appPageQuerySchema,
} from "@rewards/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { appUsers, completedOffers, pointHolds, pointsLedger, redeems } from "../../db/schema/index.ts";

export type AppPage = z.output<typeof appPageQuerySchema>;
type Owner = { adminId: string; userId: string };

type RedeemRow = typeof redeems.$inferSelect;
export const toAppRedeem = (row: RedeemRow): AppRedeem => ({
  _id: row.id,
  rewardName: row.rewardName,
  rewardAmount: row.rewardAmount,
  rewardCost: row.rewardCost,
  redeemEmail: row.redeemEmail,
  // Processing (a payout under way) is still Pending to the app.
  status: (row.status === 3 ? 0 : row.status) as AppRedeem["status"],
  redeemDate: row.redeemDate.toISOString(),
});

async function countOf(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(row?.count ?? 0);
}

/** Newest first, ties by id, so pages never repeat or skip a row. */
const newestFirst = (date: PgColumn, id: PgColumn) => [desc(date), desc(id)];
const window = (page: AppPage) => ({ limit: page.pageSize, offset: (page.page - 1) * page.pageSize });

/**
 * What GET /me adds to the user's row, in one statement: how many users signed up with their Share Key
 * (index (admin_id, referred_by)) and when their next held credit is released (their holds: index
 * (app_id, user_id, created_at)).
 */
export async function meSummary(
  db: Db,
  owner: Owner,
): Promise<{ referralCount: number; nextReleaseAt: Date | null }> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from ${appUsers}
        where ${appUsers.adminId} = ${owner.adminId} and ${appUsers.referredBy} = ${owner.userId}) as referral_count,
      (select min(${pointHolds.releaseAt}) from ${pointHolds}
        where ${pointHolds.appId} = ${owner.adminId} and ${pointHolds.userId} = ${owner.userId}
          and ${pointHolds.status} = 'held') as next_release_at`)) as unknown as {
    rows: { referral_count: number; next_release_at: string | Date | null }[];
  };
  const row = result.rows[0];
  return {
    referralCount: Number(row?.referral_count ?? 0),
    nextReleaseAt: row?.next_release_at ? new Date(row.next_release_at) : null,
  };
}

/**
 * The pending side of a release (−N pending, `hold_release`) is bookkeeping: the user sees the +N that
 * made the points spendable.
 */
const shownToUser = sql`not (${pointsLedger.reason} = 'hold_release' and ${pointsLedger.bucket} = 'pending')`;

/**
 * My points ledger (index (user_id, created_at desc)), each credit with its hold when it went to the pending
 * balance (joined by offer: index (app_id, offer_id)), so a held credit reads `pending` until released.
 */
export async function myLedger(db: Db, owner: Owner, page: AppPage): Promise<AppLedgerAnswer> {
  const where = and(
    eq(pointsLedger.adminId, owner.adminId),
    eq(pointsLedger.userId, owner.userId),
    shownToUser,
  );
  const { limit, offset } = window(page);
  const rows = await db
    .select({ entry: pointsLedger, holdStatus: pointHolds.status, releaseAt: pointHolds.releaseAt })
    .from(pointsLedger)
    .leftJoin(
      pointHolds,
      and(
        eq(pointsLedger.bucket, "pending"),
        sql`${pointsLedger.amount} > 0`,
        eq(pointHolds.appId, pointsLedger.adminId),
        eq(pointHolds.offerId, pointsLedger.referenceId),
        eq(pointHolds.userId, pointsLedger.userId),
      ),
    )
    .where(where)
    .orderBy(...newestFirst(pointsLedger.createdAt, pointsLedger.id))
    .limit(limit)
    .offset(offset);
  return {
    totalCount: await countOf(db, pointsLedger, where),
    page: page.page,
    entities: rows.map(({ entry, holdStatus, releaseAt }) => {
      const held = holdStatus === "held";
      return {
        _id: entry.id,
        amount: entry.amount,
        reason: entry.reason,
        referenceId: entry.referenceId,
        state: held ? ("pending" as const) : ("available" as const),
        releaseAt: held && releaseAt ? releaseAt.toISOString() : null,
        createdAt: entry.createdAt.toISOString(),
      };
    }),
  };
}

/** My completed offers (index (admin_id, user_id, date desc, id desc)). */
export async function myOffers(db: Db, owner: Owner, page: AppPage): Promise<AppOffersAnswer> {
  const where = and(eq(completedOffers.adminId, owner.adminId), eq(completedOffers.userId, owner.userId));
  const { limit, offset } = window(page);
  const rows = await db
    .select()
    .from(completedOffers)
    .where(where)
    .orderBy(...newestFirst(completedOffers.date, completedOffers.id))
    .limit(limit)
    .offset(offset);
  return {
    totalCount: await countOf(db, completedOffers, where),
    page: page.page,
    entities: rows.map((row) => ({
      _id: row.id,
      offerName: row.offerName,
      network: row.network,
      points: row.points,
      status: row.status,
      date: row.date.toISOString(),
    })),
  };
}

/** My redeem requests (index (admin_id, user_id, redeem_date desc, id desc)). */
export async function myRedeems(db: Db, owner: Owner, page: AppPage): Promise<AppRedeemsAnswer> {
  const where = and(eq(redeems.adminId, owner.adminId), eq(redeems.userId, owner.userId));
  const { limit, offset } = window(page);
  const rows = await db
    .select()
    .from(redeems)
    .where(where)
    .orderBy(...newestFirst(redeems.redeemDate, redeems.id))
    .limit(limit)
    .offset(offset);
  return { totalCount: await countOf(db, redeems, where), page: page.page, entities: rows.map(toAppRedeem) };
}
