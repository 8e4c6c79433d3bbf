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
import { completedOffers, pointsLedger, redeems } from "../../db/schema/index.ts";

export type AppPage = z.output<typeof appPageQuerySchema>;
type Owner = { adminId: string; userId: string };

type RedeemRow = typeof redeems.$inferSelect;
export const toAppRedeem = (row: RedeemRow): AppRedeem => ({
  _id: row.id,
  rewardName: row.rewardName,
  rewardAmount: row.rewardAmount,
  rewardCost: row.rewardCost,
  redeemEmail: row.redeemEmail,
  status: row.status as AppRedeem["status"],
  redeemDate: row.redeemDate.toISOString(),
});

async function countOf(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(row?.count ?? 0);
}

/** Newest first, ties by id, so pages never repeat or skip a row. */
const newestFirst = (date: PgColumn, id: PgColumn) => [desc(date), desc(id)];
const window = (page: AppPage) => ({ limit: page.pageSize, offset: (page.page - 1) * page.pageSize });

/** My points ledger (index (user_id, created_at desc)). */
export async function myLedger(db: Db, owner: Owner, page: AppPage): Promise<AppLedgerAnswer> {
  const where = and(eq(pointsLedger.adminId, owner.adminId), eq(pointsLedger.userId, owner.userId));
  const { limit, offset } = window(page);
  const rows = await db
    .select()
    .from(pointsLedger)
    .where(where)
    .orderBy(...newestFirst(pointsLedger.createdAt, pointsLedger.id))
    .limit(limit)
    .offset(offset);
  return {
    totalCount: await countOf(db, pointsLedger, where),
    page: page.page,
    entities: rows.map((row) => ({
      _id: row.id,
      amount: row.amount,
      reason: row.reason,
      referenceId: row.referenceId,
      createdAt: row.createdAt.toISOString(),
    })),
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
