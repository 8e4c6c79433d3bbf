import { type Dashboard, type DashboardRange, dashboardLastCount } from "@rewards/contract";
import { desc, eq, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { limitInText, preparedPerDatabase, prepareNamed } from "../../db/prepared.ts";
import { named } from "../../db/qualified.ts";
import { activityTotals, appUsers, completedOffers, redeems } from "../../db/schema/index.ts";
import { addDays, isoDay, type LocalDay, localDayOf, startOf } from "../../lib/local-days.ts";
import { usernameOf } from "../app-users/index.ts";
import { lowStockSelect } from "../payouts/index.ts";
import {
  liabilitiesFrom,
  type OwedRow,
  owedFrom,
  owedSelect,
  payoutsTodayFrom,
  payoutsTodaySelect,
} from "./payout-figures.ts";

type Totals = { users: number; offers: number; revenue: number; redeems: number };
const zero = (): Totals => ({ users: 0, offers: 0, revenue: 0, redeems: 0 });
const money = (value: number) => Math.round(value * 10_000) / 10_000;

/** The period the "today" widgets cover, as local days [first, last]. */
function rangeDays(range: DashboardRange, today: LocalDay): [LocalDay, LocalDay] {
  switch (range) {
    case "today":
      return [today, today];
    case "yesterday":
      return [addDays(today, -1), addDays(today, -1)];
    case "last7":
      return [addDays(today, -6), today];
    case "last30":
      return [addDays(today, -29), today];
    case "thisMonth":
      return [{ ...today, day: 1 }, today];
  }
}

const hourMs = 3_600_000;
type PeriodRow = { day: number; inPeriod: boolean } & Totals;

/**
 * Which UTC hours the dashboard reads: whole hours from activity_hours, and the hours a boundary cuts
 * (local midnight in a :30 or :45 zone, the scan's own ends) from their 15-minute slots.
 */
function hoursOf(range: {
  scanFrom: Date;
  scanTo: Date;
  period: { from: Date; to: Date };
  dayStarts: number[];
}) {
  const { scanFrom, scanTo, period, dayStarts } = range;
  const boundaries = [
    scanFrom.getTime(),
    scanTo.getTime(),
    period.from.getTime(),
    period.to.getTime(),
    ...dayStarts,
  ];
  const cutHours = [...new Set(boundaries.filter((ms) => ms % hourMs !== 0).map((ms) => ms - (ms % hourMs)))];
  return {
    hoursFrom: new Date(Math.ceil(scanFrom.getTime() / hourMs) * hourMs),
    hoursTo: new Date(Math.floor(scanTo.getTime() / hourMs) * hourMs),
    cutList: `{${cutHours.map((ms) => new Date(ms).toISOString()).join(",")}}`,
    slotRanges: cutHours.map((hour) => ({
      from: new Date(Math.max(hour, scanFrom.getTime())),
      to: new Date(Math.min(hour + hourMs, scanTo.getTime())),
    })),
  };
}

/**
 * The activity of the scan summed per (local day of the 7, in the period or not): a handful of rows.
 * width_bucket answers 1..7 for the days, 0 or 8 outside them. `cuts` slot ranges, each by its
 * placeholders `slotFrom<i>` and `slotTo<i>`.
 */
function periodSums(adminId: Placeholder, cuts: number): SQL {
  const p = (name: string) => sql.placeholder(name);
  const slotRanges = Array.from(
    { length: cuts },
    (_, i) => sql`(bucket_start >= ${p(`slotFrom${i}`)} and bucket_start < ${p(`slotTo${i}`)})`,
  );
  return sql`
    select width_bucket(extract(epoch from m.at)::float8, ${p("days")}::float8[]) as day,
      (m.at >= ${p("periodFrom")} and m.at < ${p("periodTo")}) as "inPeriod",
      coalesce(sum(m.users), 0) as users, coalesce(sum(m.offers), 0) as offers,
      coalesce(sum(m.revenue), 0) as revenue, coalesce(sum(m.redeems), 0) as redeems
    from (
      select hour_start as at, users, offers, revenue, redeems from activity_hours
      where admin_id = ${adminId} and hour_start >= ${p("hoursFrom")} and hour_start < ${p("hoursTo")}
        and hour_start <> all(${p("cutList")}::timestamptz[])
      union all
      select bucket_start, users, offers, revenue, redeems from activity_buckets
      where admin_id = ${adminId} and (${slotRanges.length ? sql.join(slotRanges, sql` or `) : sql`false`})
    ) as m
    group by 1, 2`;
}

// The latest rows with their users' e-mails by usernameOf, not by a join (usernameOf says why), each
// column named as the answer's field.
const lastUsersQuery = (db: Db, adminId: string | Placeholder) =>
  db
    .select(
      named({
        _id: appUsers.id,
        username: appUsers.username,
        createdAt: appUsers.createdAt,
        device: appUsers.device,
      }),
    )
    .from(appUsers)
    .where(eq(appUsers.adminId, adminId))
    .orderBy(desc(appUsers.createdAt), desc(appUsers.id))
    .limit(limitInText(dashboardLastCount));

export const lastOffersQuery = (db: Db, adminId: string | Placeholder) =>
  db
    .select({
      ...named({
        _id: completedOffers.id,
        offerName: completedOffers.offerName,
        network: completedOffers.network,
        payout: completedOffers.payout,
        status: completedOffers.status,
        date: completedOffers.date,
      }),
      userEmail: usernameOf(completedOffers.userId).as("userEmail"),
    })
    .from(completedOffers)
    .where(eq(completedOffers.adminId, adminId))
    .orderBy(desc(completedOffers.date), desc(completedOffers.id))
    .limit(limitInText(dashboardLastCount));

export const lastRedeemsQuery = (db: Db, adminId: string | Placeholder) =>
  db
    .select({
      ...named({
        _id: redeems.id,
        rewardName: redeems.rewardName,
        rewardAmount: redeems.rewardAmount,
        rewardCost: redeems.rewardCost,
        status: redeems.status,
        redeemDate: redeems.redeemDate,
      }),
      userEmail: usernameOf(redeems.userId).as("userEmail"),
    })
    .from(redeems)
    .where(eq(redeems.adminId, adminId))
    .orderBy(desc(redeems.redeemDate), desc(redeems.id))
    .limit(limitInText(dashboardLastCount));

/** A query's rows as one JSON array ('[]' for none), in the query's order (json_agg keeps its input's). */
const rowsAsJson = (query: SQLWrapper) =>
  sql`coalesce((select json_agg(r) from (${query}) as r), '[]'::json)`;
/** A query's one row as a JSON object. */
const rowAsJson = (query: SQLWrapper) => sql`(select row_to_json(r) from (${query}) as r)`;

/**
 * The dashboard's one row: each part as JSON, its keys the answer's fields; instants as PostgreSQL writes
 * them in JSON (with an offset), not yet the answer's ISO instants.
 */
type DashboardRow = {
  period: PeriodRow[];
  allTime: Totals;
  lastUsers: Dashboard["LastUsers"];
  lastOffers: Dashboard["LastCompletedOffers"];
  lastRedeems: Dashboard["LastRedeems"];
  lowStock: Dashboard["lowStock"];
  owed: OwedRow;
  payoutsToday: Parameters<typeof payoutsTodayFrom>[0];
};

/**
 * The dashboard in one statement, each part a JSON column, prepared once per database and number of cut
 * hours (at most 12). Eight statements side by side cost the server and PostgreSQL a round trip, a
 * wake-up and an executor start each, more than their key lookups (docs/performance.md).
 */
const dashboardStatements = preparedPerDatabase((db) => {
  const byCuts = new Map<number, ReturnType<typeof prepareNamed>>();
  return (cuts: number) => {
    let statement = byCuts.get(cuts);
    if (!statement) {
      const adminId = sql.placeholder("adminId");
      // All-time figures from the tenant's running totals (8 rows), not from every slot of its history.
      const allTime = db
        .select({
          users: sql<number>`coalesce(sum(${activityTotals.users}), 0)`.as("users"),
          offers: sql<number>`coalesce(sum(${activityTotals.offers}), 0)`.as("offers"),
          revenue: sql<number>`coalesce(sum(${activityTotals.revenue}), 0)`.as("revenue"),
          redeems: sql<number>`coalesce(sum(${activityTotals.redeems}), 0)`.as("redeems"),
        })
        .from(activityTotals)
        .where(eq(activityTotals.adminId, adminId));
      statement = prepareNamed(
        db,
        `dash_${cuts}`,
        sql`select
          ${rowsAsJson(periodSums(adminId, cuts))} as period,
          ${rowAsJson(allTime)} as "allTime",
          ${rowsAsJson(lastUsersQuery(db, adminId))} as "lastUsers",
          ${rowsAsJson(lastOffersQuery(db, adminId))} as "lastOffers",
          ${rowsAsJson(lastRedeemsQuery(db, adminId))} as "lastRedeems",
          ${rowsAsJson(lowStockSelect(db, adminId))} as "lowStock",
          ${rowAsJson(owedSelect(db, adminId))} as owed,
          ${rowsAsJson(payoutsTodaySelect(db, adminId, sql.placeholder("utcDay")))} as "payoutsToday"`,
      );
      byCuts.set(cuts, statement);
    }
    return statement;
  };
});

/** An instant as PostgreSQL writes it in JSON (with its offset), as the contract's ISO instant (UTC, "Z"). */
const isoInstant = (text: string) => new Date(text).toISOString();

/**
 * GET /api/dash: the period's figures, all-time totals, a 7-day series and the latest rows. Every
 * figure is a sum over the tenant's 15-minute activity slots or its running totals (both kept by
 * triggers), so its cost does not grow with the number of users, offers or days.
 */
export async function getDashboard(
  db: Db,
  adminId: string,
  query: { tz: string; range: DashboardRange },
  now = new Date(),
): Promise<Dashboard> {
  const today = localDayOf(query.tz, now);
  const days = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
  const dayStarts = [...days, addDays(today, 1)].map((day) => startOf(query.tz, day).getTime());
  const [first, last] = rangeDays(query.range, today);
  const period = { from: startOf(query.tz, first), to: startOf(query.tz, addDays(last, 1)) };
  const scanFrom = new Date(Math.min(period.from.getTime(), dayStarts[0] ?? 0));
  const scanTo = new Date(Math.max(period.to.getTime(), dayStarts[7] ?? 0));
  const hours = hoursOf({ scanFrom, scanTo, period, dayStarts });

  const { rows } = await dashboardStatements(db)(hours.slotRanges.length).execute({
    adminId,
    days: `{${dayStarts.map((ms) => ms / 1000).join(",")}}`,
    periodFrom: period.from,
    periodTo: period.to,
    hoursFrom: hours.hoursFrom,
    hoursTo: hours.hoursTo,
    cutList: hours.cutList,
    ...Object.fromEntries(
      hours.slotRanges.flatMap((range, i) => [
        [`slotFrom${i}`, range.from],
        [`slotTo${i}`, range.to],
      ]),
    ),
    utcDay: now.toISOString().slice(0, 10),
  });
  const row = rows[0] as DashboardRow;

  const inPeriod = zero();
  const perDay = days.map(zero);
  for (const slot of row.period) {
    const targets: Totals[] = [];
    if (slot.inPeriod) targets.push(inPeriod);
    const day = perDay[Number(slot.day) - 1];
    if (day) targets.push(day);
    for (const target of targets) {
      target.users += slot.users;
      target.offers += slot.offers;
      target.revenue += slot.revenue;
      target.redeems += slot.redeems;
    }
  }
  const total = row.allTime;

  return {
    range: query.range,
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    days: days.map(isoDay),
    todayOffers: inPeriod.offers,
    todayUsers: inPeriod.users,
    todayRedeems: inPeriod.redeems,
    todayRevenue: money(inPeriod.revenue),
    userWidget: { users: total.users, usersData: perDay.map((day) => day.users) },
    revenueWidget: { revenue: money(total.revenue), revenueData: perDay.map((day) => money(day.revenue)) },
    redeemWidget: { redeemCount: total.redeems, redeemData: perDay.map((day) => day.redeems) },
    offersWidget: { offers: total.offers, offersData: perDay.map((day) => day.offers) },
    LastUsers: row.lastUsers.map((user) => ({ ...user, createdAt: isoInstant(user.createdAt) })),
    LastCompletedOffers: row.lastOffers.map((offer) => ({ ...offer, date: isoInstant(offer.date) })),
    LastRedeems: row.lastRedeems.map((redeem) => ({ ...redeem, redeemDate: isoInstant(redeem.redeemDate) })),
    lowStock: row.lowStock,
    liabilities: liabilitiesFrom(owedFrom(row.owed)),
    payoutsToday: payoutsTodayFrom(row.payoutsToday),
  };
}
