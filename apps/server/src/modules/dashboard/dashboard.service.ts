import { type Dashboard, type DashboardRange, dashboardLastCount } from "@rewards/contract";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { activityBuckets, appUsers, completedOffers, redeems } from "../../db/schema/index.ts";
import { addDays, isoDay, type LocalDay, localDayOf, startOf } from "../../lib/local-days.ts";

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

const sums = {
  users: sql<string>`coalesce(sum(${activityBuckets.users}), 0)`,
  offers: sql<string>`coalesce(sum(${activityBuckets.offers}), 0)`,
  revenue: sql<string>`coalesce(sum(${activityBuckets.revenue}), 0)`,
  redeems: sql<string>`coalesce(sum(${activityBuckets.redeems}), 0)`,
};
const toTotals = (row: Record<keyof Totals, string> | undefined): Totals => ({
  users: Number(row?.users ?? 0),
  offers: Number(row?.offers ?? 0),
  revenue: Number(row?.revenue ?? 0),
  redeems: Number(row?.redeems ?? 0),
});

/**
 * GET /api/dash: the period's figures, all-time totals, a 7-day series and the latest rows. Every
 * figure is a sum over the tenant's 15-minute activity slots (kept by triggers), so its cost does not
 * grow with the number of users or offers.
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
  const tenant = eq(activityBuckets.adminId, adminId);

  const [slots, [allTime], lastUsers, lastOffers, lastRedeems] = await Promise.all([
    db
      .select({ start: activityBuckets.bucketStart, ...sums })
      .from(activityBuckets)
      .where(and(tenant, gte(activityBuckets.bucketStart, scanFrom), lt(activityBuckets.bucketStart, scanTo)))
      .groupBy(activityBuckets.bucketStart),
    db.select(sums).from(activityBuckets).where(tenant),
    db
      .select({
        _id: appUsers.id,
        username: appUsers.username,
        createdAt: appUsers.createdAt,
        device: appUsers.device,
      })
      .from(appUsers)
      .where(eq(appUsers.adminId, adminId))
      .orderBy(desc(appUsers.createdAt), desc(appUsers.id))
      .limit(dashboardLastCount),
    db
      .select({ offer: completedOffers, userEmail: appUsers.username })
      .from(completedOffers)
      .innerJoin(appUsers, eq(appUsers.id, completedOffers.userId))
      .where(eq(completedOffers.adminId, adminId))
      .orderBy(desc(completedOffers.date), desc(completedOffers.id))
      .limit(dashboardLastCount),
    db
      .select({ redeem: redeems, userEmail: appUsers.username })
      .from(redeems)
      .innerJoin(appUsers, eq(appUsers.id, redeems.userId))
      .where(eq(redeems.adminId, adminId))
      .orderBy(desc(redeems.redeemDate), desc(redeems.id))
      .limit(dashboardLastCount),
  ]);

  const inPeriod = zero();
  const perDay = days.map(zero);
  for (const slot of slots) {
    const at = slot.start.getTime();
    const totals = toTotals(slot);
    const targets: Totals[] = [];
    if (at >= period.from.getTime() && at < period.to.getTime()) targets.push(inPeriod);
    const dayIndex = dayStarts.findIndex((start, i) => i < 7 && at >= start && at < (dayStarts[i + 1] ?? 0));
    if (dayIndex >= 0) targets.push(perDay[dayIndex] as Totals);
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
      status: redeem.status as 0 | 1 | 2,
      redeemDate: redeem.redeemDate.toISOString(),
      userEmail,
    })),
  };
}
