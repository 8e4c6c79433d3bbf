import { type Dashboard, fulfilments, generalConfigDefaults } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { balanceTotals, generalConfigs, payoutDays } from "../../db/schema/index.ts";

/** Points to US dollars at the app's ratio (points per dollar), rounded to cents. */
export const toUsd = (points: number, ratio: number) => Math.round((points / ratio) * 100) / 100;

/** What the app owes now, from its running totals (8 shard rows kept by triggers), and its ratio. */
export type Owed = {
  availablePoints: number;
  pendingPoints: number;
  /** Redeems waiting to be paid (Pending or Processing) and the points they hold. */
  pendingRedeems: number;
  pendingRedeemPoints: number;
  /** Points per US dollar: the app's general config, or the default until it is saved. */
  ratio: number;
};

/**
 * What the app owes: the spendable and held points of all its users and the redeems waiting to be paid,
 * from the running totals (8 shard rows kept by triggers on every ledger entry and redeem), in one query.
 */
const owedQuery = preparedPerDatabase((db) =>
  db
    .select({
      available: sql<string>`coalesce(sum(${balanceTotals.availablePoints}), 0)`,
      pending: sql<string>`coalesce(sum(${balanceTotals.pendingPoints}), 0)`,
      pendingRedeems: sql<string>`coalesce(sum(${balanceTotals.pendingRedeems}), 0)`,
      pendingRedeemPoints: sql<string>`coalesce(sum(${balanceTotals.pendingRedeemPoints}), 0)`,
      ratio: sql<
        number | null
      >`(select ${generalConfigs.ratio} from ${generalConfigs} where ${generalConfigs.adminId} = ${sql.placeholder("adminId")})`,
    })
    .from(balanceTotals)
    .where(eq(balanceTotals.adminId, sql.placeholder("adminId")))
    .prepare("owed_of"),
);

export async function owedOf(db: Db, adminId: string): Promise<Owed> {
  const [row] = await owedQuery(db).execute({ adminId });
  return {
    availablePoints: Number(row?.available ?? 0),
    pendingPoints: Number(row?.pending ?? 0),
    pendingRedeems: Number(row?.pendingRedeems ?? 0),
    pendingRedeemPoints: Number(row?.pendingRedeemPoints ?? 0),
    ratio: Number(row?.ratio ?? generalConfigDefaults.ratio) || generalConfigDefaults.ratio,
  };
}

/** The dashboard's liabilities: the users' balances in points and in USD at the app's ratio. */
export function liabilitiesFrom(owed: Owed): Dashboard["liabilities"] {
  return {
    availablePoints: owed.availablePoints,
    pendingPoints: owed.pendingPoints,
    availableUsd: toUsd(owed.availablePoints, owed.ratio),
    pendingUsd: toUsd(owed.pendingPoints, owed.ratio),
  };
}

export const liabilitiesOf = async (db: Db, adminId: string) => liabilitiesFrom(await owedOf(db, adminId));

/**
 * Redeems paid since the start of today (UTC) and still Sent, by how they were paid: every method in
 * order, 0 when none. A paid redeem without a method (paid before methods were recorded) counts as manual.
 * Read from their rollup (`payout_days`, at most 3 methods × 8 shards for the day), not the redeems.
 */
const payoutsTodayQuery = preparedPerDatabase((db) =>
  db
    .select({
      method: payoutDays.method,
      count: sql<string>`sum(${payoutDays.redeems})`,
      points: sql<string>`sum(${payoutDays.points})`,
    })
    .from(payoutDays)
    .where(
      and(eq(payoutDays.adminId, sql.placeholder("adminId")), eq(payoutDays.day, sql.placeholder("day"))),
    )
    .groupBy(payoutDays.method)
    .prepare("payouts_today"),
);

export async function payoutsTodayOf(db: Db, adminId: string, now: Date): Promise<Dashboard["payoutsToday"]> {
  const rows = await payoutsTodayQuery(db).execute({ adminId, day: now.toISOString().slice(0, 10) });
  const byMethod = new Map(rows.map((row) => [row.method, row]));
  return fulfilments.map((name) => ({
    method: name,
    count: Number(byMethod.get(name)?.count ?? 0),
    points: Number(byMethod.get(name)?.points ?? 0),
  }));
}
