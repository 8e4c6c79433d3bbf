import { type Dashboard, type DashboardRange, dashboardLastCount } from "@rewards/contract";
import { desc, eq, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { executeNamed, limitInText, preparedPerDatabase } from "../../db/prepared.ts";
import { activityTotals, appUsers, completedOffers, redeems } from "../../db/schema/index.ts";
import { addDays, isoDay, type LocalDay, localDayOf, startOf } from "../../lib/local-days.ts";
import { usernameOf } from "../app-users/index.ts";
import { lowStockItems } from "../payouts/index.ts";
import { liabilitiesOf, payoutsTodayOf } from "./payout-figures.ts";

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

const toTotals = (row: Record<keyof Totals, string> | undefined): Totals => ({
  users: Number(row?.users ?? 0),
  offers: Number(row?.offers ?? 0),
  revenue: Number(row?.revenue ?? 0),
  redeems: Number(row?.redeems ?? 0),
});

const hourMs = 3_600_000;
type PeriodRow = { day: number; inPeriod: boolean } & Record<keyof Totals, string>;

/**
 * The activity between scanFrom and scanTo summed per (local day of the 7, in the period or not): a
 * handful of rows back. Whole UTC hours come from activity_hours; an hour that a boundary cuts (local
 * midnight in a :30 or :45 zone, the scan's own ends) comes from its 15-minute slots. width_bucket
 * answers 1..7 for the days, 0 or 8 outside them.
 */
async function periodSums(
  db: Db,
  adminId: string,
  range: { scanFrom: Date; scanTo: Date; period: { from: Date; to: Date }; dayStarts: number[] },
): Promise<PeriodRow[]> {
  const { scanFrom, scanTo, period, dayStarts } = range;
  const boundaries = [
    scanFrom.getTime(),
    scanTo.getTime(),
    period.from.getTime(),
    period.to.getTime(),
    ...dayStarts,
  ];
  const cutHours = [...new Set(boundaries.filter((ms) => ms % hourMs !== 0).map((ms) => ms - (ms % hourMs)))];
  const hoursFrom = new Date(Math.ceil(scanFrom.getTime() / hourMs) * hourMs);
  const hoursTo = new Date(Math.floor(scanTo.getTime() / hourMs) * hourMs);
  const slotRanges = cutHours.map(
    (hour) =>
      sql`(bucket_start >= ${new Date(Math.max(hour, scanFrom.getTime()))} and bucket_start < ${new Date(Math.min(hour + hourMs, scanTo.getTime()))})`,
  );
  const cutList = `{${cutHours.map((ms) => new Date(ms).toISOString()).join(",")}}`;
  const days = `{${dayStarts.map((ms) => ms / 1000).join(",")}}`;
  // Prepared per shape (how many hours a boundary cuts): planned once per connection.
  const result = await executeNamed(
    db,
    "dash_period",
    sql`
    select width_bucket(extract(epoch from m.at)::float8, ${days}::float8[]) as day,
      (m.at >= ${period.from} and m.at < ${period.to}) as "inPeriod",
      coalesce(sum(m.users), 0) as users, coalesce(sum(m.offers), 0) as offers,
      coalesce(sum(m.revenue), 0) as revenue, coalesce(sum(m.redeems), 0) as redeems
    from (
      select hour_start as at, users, offers, revenue, redeems from activity_hours
      where admin_id = ${adminId} and hour_start >= ${hoursFrom} and hour_start < ${hoursTo}
        and hour_start <> all(${cutList}::timestamptz[])
      union all
      select bucket_start, users, offers, revenue, redeems from activity_buckets
      where admin_id = ${adminId} and (${slotRanges.length ? sql.join(slotRanges, sql` or `) : sql`false`})
    ) as m
    group by 1, 2`,
  );
  return result.rows as PeriodRow[];
}

// The latest offers and redeems with their users' e-mails by usernameOf, not by a join (usernameOf says why).
export const lastOffersQuery = (db: Db, adminId: string | Placeholder) =>
  db
    .select({ offer: completedOffers, userEmail: usernameOf(completedOffers.userId) })
    .from(completedOffers)
    .where(eq(completedOffers.adminId, adminId))
    .orderBy(desc(completedOffers.date), desc(completedOffers.id))
    .limit(limitInText(dashboardLastCount));

export const lastRedeemsQuery = (db: Db, adminId: string | Placeholder) =>
  db
    .select({ redeem: redeems, userEmail: usernameOf(redeems.userId) })
    .from(redeems)
    .where(eq(redeems.adminId, adminId))
    .orderBy(desc(redeems.redeemDate), desc(redeems.id))
    .limit(limitInText(dashboardLastCount));

/**
 * The dashboard's statements of one shape, built once per database and prepared: building and planning
 * them cost the server and PostgreSQL more than running them (key lookups on the app's indexes).
 */
const dashboardQueries = preparedPerDatabase((db) => {
  const adminId = sql.placeholder("adminId");
  return {
    // All-time figures from the tenant's running totals (8 rows), not from every slot of its history.
    allTime: db
      .select({
        users: sql<string>`coalesce(sum(${activityTotals.users}), 0)`,
        offers: sql<string>`coalesce(sum(${activityTotals.offers}), 0)`,
        revenue: sql<string>`coalesce(sum(${activityTotals.revenue}), 0)`,
        redeems: sql<string>`coalesce(sum(${activityTotals.redeems}), 0)`,
      })
      .from(activityTotals)
      .where(eq(activityTotals.adminId, adminId))
      .prepare("dash_all_time"),
    lastUsers: db
      .select({
        _id: appUsers.id,
        username: appUsers.username,
        createdAt: appUsers.createdAt,
        device: appUsers.device,
      })
      .from(appUsers)
      .where(eq(appUsers.adminId, adminId))
      .orderBy(desc(appUsers.createdAt), desc(appUsers.id))
      .limit(limitInText(dashboardLastCount))
      .prepare("dash_last_users"),
    lastOffers: lastOffersQuery(db, adminId).prepare("dash_last_offers"),
    lastRedeems: lastRedeemsQuery(db, adminId).prepare("dash_last_redeems"),
  };
});

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
  const slotSums = periodSums(db, adminId, { scanFrom, scanTo, period, dayStarts });

  const prepared = dashboardQueries(db);
  const [slots, [allTime], lastUsers, lastOffers, lastRedeems, lowStock, liabilities, payoutsToday] =
    await Promise.all([
      slotSums,
      prepared.allTime.execute({ adminId }),
      prepared.lastUsers.execute({ adminId }),
      prepared.lastOffers.execute({ adminId }),
      prepared.lastRedeems.execute({ adminId }),
      lowStockItems(db, adminId),
      liabilitiesOf(db, adminId),
      payoutsTodayOf(db, adminId, now),
    ]);

  const inPeriod = zero();
  const perDay = days.map(zero);
  for (const slot of slots) {
    const totals = toTotals(slot);
    const targets: Totals[] = [];
    if (slot.inPeriod) targets.push(inPeriod);
    const day = perDay[Number(slot.day) - 1];
    if (day) targets.push(day);
    for (const target of targets) {
      target.users += totals.users;
      target.offers += totals.offers;
      target.revenue += totals.revenue;
      target.redeems += totals.redeems;
    }
  }
  const total = toTotals(allTime);

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
    LastUsers: lastUsers.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() })),
    LastCompletedOffers: lastOffers.map(({ offer, userEmail }) => ({
      _id: offer.id,
      offerName: offer.offerName,
      network: offer.network,
      payout: Number(offer.payout),
      status: offer.status,
      date: offer.date.toISOString(),
      userEmail,
    })),
    LastRedeems: lastRedeems.map(({ redeem, userEmail }) => ({
      _id: redeem.id,
      rewardName: redeem.rewardName,
      rewardAmount: redeem.rewardAmount,
      rewardCost: redeem.rewardCost,
      status: redeem.status as 0 | 1 | 2 | 3,
      redeemDate: redeem.redeemDate.toISOString(),
      userEmail,
    })),
    lowStock,
    liabilities,
    payoutsToday,
  };
}
