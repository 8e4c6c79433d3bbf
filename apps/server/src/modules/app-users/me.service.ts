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
import { preparedPerDatabase, prepareNamed } from "../../db/prepared.ts";
import { appUsers, completedOffers, pointHolds, pointsLedger, redeems } from "../../db/schema/index.ts";
import { totalOfPage } from "../../lib/list-query.ts";
import type { AppSessionReads } from "../../plugins/require-app-user.ts";

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

/** Newest first, ties by id, so pages never repeat or skip a row. */
const newestFirst = (date: PgColumn, id: PgColumn) => [desc(date), desc(id)];
const window = (page: AppPage) => ({ limit: page.pageSize, offset: (page.page - 1) * page.pageSize });

const adminId = sql.placeholder("adminId");
const userId = sql.placeholder("userId");
const limit = sql.placeholder("limit");
const offset = sql.placeholder("offset");

/**
 * The pending side of a release (−N pending, `hold_release`) is bookkeeping: the user sees the +N that
 * made the points spendable.
 */
const shownToUser = sql`not (${pointsLedger.reason} = 'hold_release' and ${pointsLedger.bucket} = 'pending')`;

const mine = (table: { adminId: PgColumn; userId: PgColumn }, ...more: SQL[]) =>
  and(eq(table.adminId, adminId), eq(table.userId, userId), ...more);

/** A page of the user's rows and their total in one round trip (totalOfPage says when the count runs alone). */
async function pageWithTotal<R extends { total: number }>(
  statements: {
    page: { execute(values: Owner & { limit: number; offset: number }): Promise<R[]> };
    count: { execute(values: Owner): Promise<{ count: number }[]> };
  },
  owner: Owner,
  page: AppPage,
): Promise<{ rows: R[]; totalCount: number }> {
  const rows = await statements.page.execute({ ...owner, ...window(page) });
  const totalCount = await totalOfPage(rows, page.page === 1, async () => {
    const [counted] = await statements.count.execute(owner);
    return Number(counted?.count ?? 0);
  });
  return { rows, totalCount };
}

export type MeSummary = { referralCount: number; nextReleaseAt: Date | null };

/**
 * What GET /me adds to the user's row: how many users signed up with their Share Key (index (admin_id,
 * referred_by)) and when their next held credit is released (the first entry of their held credits'
 * index, point_holds_user_held_idx). GET /me reads them with its session (requireAppUser); sign-in on
 * their own (meSummaryStatement).
 */
export const meSummaryReads: AppSessionReads<MeSummary> = {
  name: "me_summary",
  columns: (tenantId) => ({
    referralCount: sql<number>`(select count(*)::int from ${appUsers}
      where ${appUsers.adminId} = ${tenantId} and ${appUsers.referredBy} = ${userId})`.mapWith(Number),
    nextReleaseAt: sql<Date | null>`(select min(${pointHolds.releaseAt}) from ${pointHolds}
      where ${pointHolds.appId} = ${tenantId} and ${pointHolds.userId} = ${userId}
        and ${pointHolds.status} = 'held')`.mapWith((value: string | Date) => new Date(value)),
  }),
};

const summaryColumns = meSummaryReads.columns(adminId);
export const meSummaryStatement = sql`select ${summaryColumns.referralCount} as referral_count,
  ${summaryColumns.nextReleaseAt} as next_release_at`;

/**
 * The app's own reads, prepared once per database (a signed-in app call makes one or two of them): each is
 * the user's rows by an index that starts with the app and the user, so one plan serves every user. A page
 * brings its total (pageWithTotal); its count alone serves an empty page past the first.
 */
const statementsOf = preparedPerDatabase((db) => {
  const countOf = (name: string, table: PgTable, where: SQL | undefined) =>
    db.select({ count: sql<number>`count(*)::int` }).from(table).where(where).prepare(name);
  const totalOf = (table: PgTable, where: SQL | undefined) =>
    sql<number>`(select count(*)::int from ${table} where ${where})`;
  const ledgerWhere = mine(pointsLedger, shownToUser);
  const offersWhere = mine(completedOffers);
  const redeemsWhere = mine(redeems);
  return {
    summary: prepareNamed(db, "app_me_summary", meSummaryStatement),
    ledger: {
      page: db
        .select({
          entry: pointsLedger,
          holdStatus: pointHolds.status,
          releaseAt: pointHolds.releaseAt,
          total: totalOf(pointsLedger, ledgerWhere),
        })
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
        .where(ledgerWhere)
        .orderBy(...newestFirst(pointsLedger.createdAt, pointsLedger.id))
        .limit(limit)
        .offset(offset)
        .prepare("app_my_ledger"),
      count: countOf("app_my_ledger_count", pointsLedger, ledgerWhere),
    },
    offers: {
      page: db
        .select({
          id: completedOffers.id,
          offerName: completedOffers.offerName,
          network: completedOffers.network,
          points: completedOffers.points,
          status: completedOffers.status,
          date: completedOffers.date,
          total: totalOf(completedOffers, offersWhere),
        })
        .from(completedOffers)
        .where(offersWhere)
        .orderBy(...newestFirst(completedOffers.date, completedOffers.id))
        .limit(limit)
        .offset(offset)
        .prepare("app_my_offers"),
      count: countOf("app_my_offers_count", completedOffers, offersWhere),
    },
    redeems: {
      page: db
        .select({ redeem: redeems, total: totalOf(redeems, redeemsWhere) })
        .from(redeems)
        .where(redeemsWhere)
        .orderBy(...newestFirst(redeems.redeemDate, redeems.id))
        .limit(limit)
        .offset(offset)
        .prepare("app_my_redeems"),
      count: countOf("app_my_redeems_count", redeems, redeemsWhere),
    },
  };
});

/** What GET /me adds to the user's row, read on its own (meSummaryStatement): for sign-in. */
export async function meSummary(db: Db, owner: Owner): Promise<MeSummary> {
  const { rows } = await statementsOf(db).summary.execute(owner);
  const row = rows[0] as { referral_count: number; next_release_at: string | Date | null } | undefined;
  return {
    referralCount: Number(row?.referral_count ?? 0),
    nextReleaseAt: row?.next_release_at ? new Date(row.next_release_at) : null,
  };
}

/**
 * My points ledger (index (user_id, created_at desc)), each credit with its hold when it went to the pending
 * balance (joined by offer: index (app_id, offer_id)), so a held credit reads `pending` until released.
 */
export async function myLedger(db: Db, owner: Owner, page: AppPage): Promise<AppLedgerAnswer> {
  const { rows, totalCount } = await pageWithTotal(statementsOf(db).ledger, owner, page);
  return {
    totalCount,
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
  const { rows, totalCount } = await pageWithTotal(statementsOf(db).offers, owner, page);
  return {
    totalCount,
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
  const { rows, totalCount } = await pageWithTotal(statementsOf(db).redeems, owner, page);
  return { totalCount, page: page.page, entities: rows.map(({ redeem }) => toAppRedeem(redeem)) };
}
