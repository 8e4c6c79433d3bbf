import { type Dashboard, fulfilments, generalConfigDefaults } from "@rewards/contract";
import { and, eq, type Placeholder, sql } from "drizzle-orm";
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

/** A row of owedSelect: sums as the driver gives them (text) or as JSON numbers; no ratio before it is saved. */
export type OwedRow = {
  available: string | number;
  pending: string | number;
  pendingRedeems: string | number;
  pendingRedeemPoints: string | number;
  ratio: number | null;
};

/**
 * What the app owes: the spendable and held points of all its users and the redeems waiting to be paid,
 * from the running totals (8 shard rows kept by triggers on every ledger entry and redeem), in one query.
 * Its columns are named as its fields, so the dashboard can read the row as JSON inside its one statement.
 */
export const owedSelect = (db: Db, adminId: string | Placeholder) =>
  db
    .select({
      available: sql<string>`coalesce(sum(${balanceTotals.availablePoints}), 0)`.as("available"),
      pending: sql<string>`coalesce(sum(${balanceTotals.pendingPoints}), 0)`.as("pending"),
      pendingRedeems: sql<string>`coalesce(sum(${balanceTotals.pendingRedeems}), 0)`.as("pendingRedeems"),
      pendingRedeemPoints: sql<string>`coalesce(sum(${balanceTotals.pendingRedeemPoints}), 0)`.as(
        "pendingRedeemPoints",
      ),
      ratio: sql<
        number | null
      >`(select ${generalConfigs.ratio} from ${generalConfigs} where ${generalConfigs.adminId} = ${adminId})`.as(
        "ratio",
      ),
    })
    .from(balanceTotals)
    .where(eq(balanceTotals.adminId, adminId));

const owedQuery = preparedPerDatabase((db) => owedSelect(db, sql.placeholder("adminId")).prepare("owed_of"));

export function owedFrom(row: OwedRow | undefined): Owed {
  return {
    availablePoints: Number(row?.available ?? 0),
    pendingPoints: Number(row?.pending ?? 0),
    pendingRedeems: Number(row?.pendingRedeems ?? 0),
    pendingRedeemPoints: Number(row?.pendingRedeemPoints ?? 0),
    ratio: Number(row?.ratio ?? generalConfigDefaults.ratio) || generalConfigDefaults.ratio,
  };
}

export async function owedOf(db: Db, adminId: string): Promise<Owed> {
  const [row] = await owedQuery(db).execute({ adminId });
  return owedFrom(row);
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

/**
 * Redeems paid on a UTC day (YYYY-MM-DD) and still Sent, by how they were paid, read from their
 * rollup (`payout_days`, at most 3 methods × 8 shards for the day), not the redeems.
 */
export const payoutsTodaySelect = (db: Db, adminId: string | Placeholder, utcDay: string | Placeholder) =>
  db
    .select({
      method: payoutDays.method,
      count: sql<string>`sum(${payoutDays.redeems})`.as("count"),
      points: sql<string>`sum(${payoutDays.points})`.as("points"),
    })
    .from(payoutDays)
    .where(and(eq(payoutDays.adminId, adminId), eq(payoutDays.day, utcDay)))
    .groupBy(payoutDays.method);

/**
 * Every method in order, 0 when none paid today (the rollup counts a paid redeem without a method, paid
 * before methods were recorded, as manual).
 */
export function payoutsTodayFrom(
  rows: { method: string; count: string | number; points: string | number }[],
): Dashboard["payoutsToday"] {
  const byMethod = new Map(rows.map((row) => [row.method, row]));
  return fulfilments.map((name) => ({
    method: name,
    count: Number(byMethod.get(name)?.count ?? 0),
    points: Number(byMethod.get(name)?.points ?? 0),
  }));
}
