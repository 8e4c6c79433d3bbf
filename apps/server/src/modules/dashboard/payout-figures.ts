import { type Dashboard, fulfilments, generalConfigDefaults, redeemStatus } from "@rewards/contract";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { balanceTotals, generalConfigs, redeems } from "../../db/schema/index.ts";

/** Points to US dollars at the app's ratio (points per dollar), rounded to cents. */
const toUsd = (points: number, ratio: number) => Math.round((points / ratio) * 100) / 100;

/**
 * What the app owes its users: the spendable and held points of all its users, from the running totals
 * (8 shard rows kept by a trigger on every ledger entry) and the app's ratio, in one query. An app that
 * has not saved its general config counts at the default ratio.
 */
export async function liabilitiesOf(db: Db, adminId: string): Promise<Dashboard["liabilities"]> {
  const [row] = await db
    .select({
      available: sql<string>`coalesce(sum(${balanceTotals.availablePoints}), 0)`,
      pending: sql<string>`coalesce(sum(${balanceTotals.pendingPoints}), 0)`,
      ratio: sql<
        number | null
      >`(select ${generalConfigs.ratio} from ${generalConfigs} where ${generalConfigs.adminId} = ${adminId})`,
    })
    .from(balanceTotals)
    .where(eq(balanceTotals.adminId, adminId));
  const availablePoints = Number(row?.available ?? 0);
  const pendingPoints = Number(row?.pending ?? 0);
  const ratio = Number(row?.ratio ?? generalConfigDefaults.ratio) || generalConfigDefaults.ratio;
  return {
    availablePoints,
    pendingPoints,
    availableUsd: toUsd(availablePoints, ratio),
    pendingUsd: toUsd(pendingPoints, ratio),
  };
}

const startOfUtcDay = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Redeems paid since the start of today (UTC) and still Sent, by how they were paid: every method in
 * order, 0 when none. A paid redeem without a method (paid before methods were recorded) counts as manual.
 */
export async function payoutsTodayOf(db: Db, adminId: string, now: Date): Promise<Dashboard["payoutsToday"]> {
  const method = sql<string>`coalesce(${redeems.paidVia}, 'manual')`;
  const rows = await db
    .select({
      method,
      count: sql<string>`count(*)`,
      points: sql<string>`coalesce(sum(${redeems.rewardCost}), 0)`,
    })
    .from(redeems)
    .where(
      and(
        eq(redeems.adminId, adminId),
        gte(redeems.paidAt, startOfUtcDay(now)),
        eq(redeems.status, redeemStatus.sent),
      ),
    )
    .groupBy(method);
  const byMethod = new Map(rows.map((row) => [row.method, row]));
  return fulfilments.map((name) => ({
    method: name,
    count: Number(byMethod.get(name)?.count ?? 0),
    points: Number(byMethod.get(name)?.points ?? 0),
  }));
}
