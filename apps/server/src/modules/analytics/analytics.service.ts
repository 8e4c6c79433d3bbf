import {
  type Analytics,
  type AnalyticsDimension,
  type AnalyticsGranularity,
  analyticsBreakdownLimit,
  analyticsCohortCount,
  analyticsCohortWeeks,
  generalConfigDefaults,
} from "@rewards/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { generalConfigs } from "../../db/schema/index.ts";
import { isoDay, localDayOf } from "../../lib/local-days.ts";
import { liabilitiesFrom, owedOf, toUsd } from "../dashboard/index.ts";
import { addDays, mondayOf, periodStarts } from "./periods.ts";
import { estimateReach } from "./reach.ts";

type Query = { from: string; to: string; granularity: AnalyticsGranularity; by: AnalyticsDimension };
type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** USD kept to 4 decimals, as the networks' payouts are: sums stay exact. */
const usd = (value: number) => Math.round(value * 10_000) / 10_000;
const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : null);

type MoneyRow = {
  start: string;
  users: string;
  conversions: string;
  reversals: string;
  revenue: string;
  points: string;
  paid: string;
  paidPoints: string;
};

/** The money of a set of days, as the contract's period figures (USD from points at the ratio). */
function periodFigures(row: Partial<MoneyRow> | undefined, ratio: number) {
  const revenue = Number(row?.revenue ?? 0);
  const points = Number(row?.points ?? 0);
  const cost = points / ratio;
  const margin = usd(revenue - cost);
  const marginPct = shareOf(margin, usd(revenue));
  return {
    revenue: usd(revenue),
    pointsIssued: points,
    pointsCostUsd: usd(cost),
    paidUsd: usd(Number(row?.paidPoints ?? 0) / ratio),
    margin,
    marginPct: marginPct === null ? null : usd(marginPct),
    conversions: Number(row?.conversions ?? 0),
    reversals: Number(row?.reversals ?? 0),
    newUsers: Number(row?.users ?? 0),
    paidRedeems: Number(row?.paid ?? 0),
  };
}

/** The range's `total` rows summed per period (a few hundred rows of the rollup at most). */
async function periodRows(db: Db, adminId: string, query: Query) {
  const unit = sql.raw(`'${query.granularity}'`);
  return rowsOf<MoneyRow>(
    await db.execute(sql`
      select to_char(date_trunc(${unit}, day::timestamp), 'YYYY-MM-DD') as start,
        sum(users) as users, sum(conversions) as conversions, sum(reversals) as reversals,
        sum(revenue) as revenue, sum(points) as points, sum(paid) as paid, sum(paid_points) as "paidPoints"
      from analytics_days
      where admin_id = ${adminId} and dimension = 'total' and day between ${query.from} and ${query.to}
      group by 1 order by 1`),
  );
}

type BreakdownRow = {
  key: string;
  conversions: string;
  reversals: string;
  revenue: string;
  points: string;
  keys: string;
  sketch: string | null;
};

/**
 * The dimension's values over the range, the top ones by revenue, each with its users' merged sketch: one
 * scan of the range's rows for the sums, one of the same days' sketches for the top values only.
 */
async function breakdownRows(db: Db, adminId: string, query: Query) {
  return rowsOf<BreakdownRow>(
    await db.execute(sql`
      with sums as (
        select key, sum(conversions) as conversions, sum(reversals) as reversals, sum(revenue) as revenue,
          sum(points) as points, count(*) over () as keys
        from analytics_days
        where admin_id = ${adminId} and dimension = ${query.by} and day between ${query.from} and ${query.to}
        group by key
        order by sum(revenue) desc, sum(conversions) desc, key
        limit ${analyticsBreakdownLimit}
      ), reach as (
        select key, bit_or(sketch)::text as sketch from analytics_reach
        where admin_id = ${adminId} and dimension = ${query.by} and day between ${query.from} and ${query.to}
          and key in (select key from sums)
        group by key
      )
      select sums.*, reach.sketch from sums left join reach using (key)
      order by sums.revenue desc, sums.conversions desc, sums.key`),
  );
}

/** The last sign-up weeks up to the range's last one, with who earned in each following week. */
async function cohortRows(db: Db, adminId: string, lastWeek: string) {
  const firstWeek = addDays(lastWeek, -7 * (analyticsCohortCount - 1));
  const [sizes, active] = await Promise.all([
    db.execute(sql`
      select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week, sum(users) as users
      from analytics_days
      where admin_id = ${adminId} and dimension = 'total' and day between ${firstWeek} and ${addDays(lastWeek, 6)}
      group by 1`),
    db.execute(sql`
      select to_char(cohort_week, 'YYYY-MM-DD') as week, week as "after", sum(users) as users
      from analytics_cohorts
      where admin_id = ${adminId} and cohort_week between ${firstWeek} and ${lastWeek}
      group by 1, 2`),
  ]);
  return {
    firstWeek,
    sizes: rowsOf<{ week: string; users: string }>(sizes),
    active: rowsOf<{ week: string; after: number; users: string }>(active),
  };
}

type ArpuRow = {
  key: string;
  revenue30: string;
  revenue90: string;
  sketch30: string | null;
  sketch90: string | null;
};

/** Revenue per earning user by country over the 30 and 90 days ending with `to`, top countries first. */
async function arpuRows(db: Db, adminId: string, to: string) {
  const from90 = addDays(to, -89);
  const from30 = addDays(to, -29);
  return rowsOf<ArpuRow>(
    await db.execute(sql`
      with sums as (
        select key, coalesce(sum(revenue) filter (where day >= ${from30}), 0) as revenue30,
          sum(revenue) as revenue90
        from analytics_days
        where admin_id = ${adminId} and dimension = 'country' and day between ${from90} and ${to}
        group by key
        order by sum(revenue) desc, key
        limit 20
      ), reach as (
        select key, (bit_or(sketch) filter (where day >= ${from30}))::text as sketch30,
          bit_or(sketch)::text as sketch90
        from analytics_reach
        where admin_id = ${adminId} and dimension = 'country' and day between ${from90} and ${to}
          and key in (select key from sums)
        group by key
      )
      select sums.*, reach.sketch30, reach.sketch90 from sums left join reach using (key)
      order by sums.revenue90 desc, sums.key`),
  );
}

async function reportingZone(db: Db, adminId: string) {
  const result = await db.execute(
    sql`select ${generalConfigs.timeZone} as zone from ${generalConfigs} where ${generalConfigs.adminId} = ${adminId}`,
  );
  return rowsOf<{ zone: string }>(result)[0]?.zone ?? generalConfigDefaults.timeZone;
}

/**
 * GET /api/analytics: every figure is a sum over the app's daily rollups (kept by triggers as offers,
 * reversals, sign-ups and payments happen), so a report's cost grows with the days and values it covers,
 * never with the offers.
 */
export async function getAnalytics(
  db: Db,
  adminId: string,
  query: Query,
  now = new Date(),
): Promise<Analytics> {
  const timeZone = await reportingZone(db, adminId);
  const today = isoDay(localDayOf(timeZone, now));
  const lastWeek = mondayOf(query.to);
  const [periods, breakdown, cohorts, arpu, owed] = await Promise.all([
    periodRows(db, adminId, query),
    breakdownRows(db, adminId, query),
    cohortRows(db, adminId, lastWeek),
    arpuRows(db, adminId, query.to),
    owedOf(db, adminId),
  ]);
  const { ratio } = owed;

  const byStart = new Map(periods.map((row) => [row.start, row]));
  const totals = periods.reduce<Record<keyof Omit<MoneyRow, "start">, number>>(
    (sum, row) => ({
      users: sum.users + Number(row.users),
      conversions: sum.conversions + Number(row.conversions),
      reversals: sum.reversals + Number(row.reversals),
      revenue: sum.revenue + Number(row.revenue),
      points: sum.points + Number(row.points),
      paid: sum.paid + Number(row.paid),
      paidPoints: sum.paidPoints + Number(row.paidPoints),
    }),
    { users: 0, conversions: 0, reversals: 0, revenue: 0, points: 0, paid: 0, paidPoints: 0 },
  );
  const totalsRow = Object.fromEntries(Object.entries(totals).map(([key, value]) => [key, String(value)]));

  const sizes = new Map(cohorts.sizes.map((row) => [row.week, Number(row.users)]));
  const active = new Map(cohorts.active.map((row) => [`${row.week}/${row.after}`, Number(row.users)]));
  const cohortWeeks = Array.from({ length: analyticsCohortCount }, (_, i) =>
    addDays(cohorts.firstWeek, 7 * i),
  );

  return {
    ...query,
    timeZone,
    pointsPerDollar: ratio,
    periods: periodStarts(query.from, query.to, query.granularity).map((start) => ({
      start,
      ...periodFigures(byStart.get(start), ratio),
    })),
    totals: periodFigures(totalsRow, ratio),
    breakdown: breakdown.map((row) => {
      const conversions = Number(row.conversions);
      const reversals = Number(row.reversals);
      const revenue = Number(row.revenue);
      return {
        key: row.key,
        conversions,
        revenue: usd(revenue),
        averagePayout: conversions > reversals ? usd(revenue / (conversions - reversals)) : null,
        reversals,
        reversalRate: shareOf(reversals, conversions),
        users: estimateReach(row.sketch),
        pointsIssued: Number(row.points),
      };
    }),
    breakdownOmitted: Math.max(0, Number(breakdown[0]?.keys ?? 0) - breakdown.length),
    usersAreEstimates: true,
    cohorts: cohortWeeks.map((week) => ({
      week,
      users: sizes.get(week) ?? 0,
      active: Array.from({ length: analyticsCohortWeeks }, (_, i) =>
        addDays(week, 7 * (i + 1)) > today ? null : (active.get(`${week}/${i + 1}`) ?? 0),
      ),
    })),
    arpu: arpu.map((row) => {
      const users30 = estimateReach(row.sketch30);
      const users90 = estimateReach(row.sketch90);
      const revenue30 = Number(row.revenue30);
      const revenue90 = Number(row.revenue90);
      return {
        country: row.key,
        revenue30: usd(revenue30),
        users30,
        arpu30: users30 > 0 ? usd(revenue30 / users30) : null,
        revenue90: usd(revenue90),
        users90,
        arpu90: users90 > 0 ? usd(revenue90 / users90) : null,
      };
    }),
    liabilities: {
      ...liabilitiesFrom(owed),
      pendingRedeems: owed.pendingRedeems,
      pendingRedeemPoints: owed.pendingRedeemPoints,
      pendingRedeemsUsd: toUsd(owed.pendingRedeemPoints, ratio),
    },
  };
}
