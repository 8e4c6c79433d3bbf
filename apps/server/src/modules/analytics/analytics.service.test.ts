import {
  type Analytics,
  type AnalyticsDimension,
  type AnalyticsGranularity,
  analyticsDimensions,
} from "@rewards/contract";
import { eq, sql } from "drizzle-orm";
import { v7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../../test/support/seeded-random.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { foldOfferRollups } from "../../db/offer-rollups.ts";
import { appUsers, completedOffers, generalConfigs, redeems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { getAnalytics } from "./analytics.service.ts";
import { estimateReach, sketchRegisterBits, sketchRegisters } from "./reach.ts";

// Every figure of the report is recomputed here from the raw rows, in the app's reporting zone, and must
// agree exactly: sums and counts with the rows, distinct users with what the sketch of the rows' users
// estimates (the estimator's own error against exact counts is reach.test.ts's to check).
const now = new Date("2026-04-02T10:00:00Z");
const ratio = 500;
let t: TestApp;
let a: Tenant;
let b: Tenant;
/** Each seeded user's sketch bit, as the database sets it (analytics_reach_bit, migration 0021). */
let reachBits: Map<string, number>;
/** The offers of the user who left: gone from the rows, still in the sketches until a rebuild (a sketch
 * cannot forget). */
let departed: { adminId: string; offers: RawOffer[] } | undefined;

// Deterministic, so a failure can be replayed.
const rand = seededRandom(2026);
const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)] as T;
/** A UUIDv7 of the seeded random's bits, so the users' sketch bits are the same on every run. */
const seededId = (at: Date) =>
  v7({ msecs: at.getTime(), random: Uint8Array.from({ length: 16 }, () => Math.floor(rand() * 256)) });
const startMs = Date.parse("2026-01-05T00:00:00Z");
const spanMs = now.getTime() - startMs;

async function seedTenant(adminId: string, users: number, offers: number) {
  const userRows = Array.from({ length: users }, () => {
    const createdAt = new Date(startMs + Math.floor(rand() * spanMs * 0.9));
    const id = seededId(createdAt);
    return {
      id,
      adminId,
      username: `${id}@users.test`,
      referCode: id.slice(-8),
      device: pick(["android", "ios", null] as const),
      createdAt,
    };
  });
  await t.db.insert(appUsers).values(userRows);
  const offerRows = Array.from({ length: offers }, () => {
    const user = pick(userRows);
    const payout = Math.round(rand() * 50_000) / 10_000;
    return {
      id: newId(),
      adminId,
      userId: user.id,
      network: pick(["bitlabs", "adgem", "ayetstudios"]),
      transactionId: newId(),
      offerName: pick(["Survey", "Install Game", "Free trial"]),
      payout,
      points: Math.round(payout * ratio),
      referralPoints: rand() < 0.3 ? Math.round(payout * ratio * 0.25) : 0,
      geo: pick(["US", "de", "IN", null]),
      status: pick(["credited", "credited", "credited", "reversed", "pending"] as const),
      date: new Date(
        user.createdAt.getTime() + Math.floor(rand() * (now.getTime() - user.createdAt.getTime())),
      ),
    };
  });
  await t.db.insert(completedOffers).values(offerRows);
  const redeemRows = Array.from({ length: Math.floor(offers / 10) }, () => {
    const user = pick(userRows);
    const status = pick([0, 1, 1, 2, 3]);
    const redeemDate = new Date(user.createdAt.getTime() + Math.floor(rand() * 86_400_000 * 20));
    return {
      id: newId(),
      adminId,
      userId: user.id,
      redeemEmail: user.username,
      rewardName: "PayPal",
      rewardAmount: "$5",
      rewardCost: pick([2500, 5000, 10000]),
      status,
      redeemDate,
      paidAt: status === 1 ? new Date(redeemDate.getTime() + 3_600_000) : null,
    };
  });
  await t.db.insert(redeems).values(redeemRows);
  return { userRows, offerRows };
}

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  // India is UTC+5:30: local days do not fall on UTC hours.
  await t.db.insert(generalConfigs).values({
    id: newId(),
    adminId: a.id,
    refPercent: 25,
    ratio,
    fbLike: 10,
    fbShare: 20,
    twShare: 20,
    timeZone: "Asia/Kolkata",
  });
  const { userRows, offerRows } = await seedTenant(a.id, 120, 1500);
  await seedTenant(b.id, 20, 300);
  // Live changes through the triggers: reversals of credited offers, a payment, a user leaving.
  const credited = offerRows.filter((offer) => offer.status === "credited").slice(0, 60);
  for (const offer of credited) {
    await t.db.update(completedOffers).set({ status: "reversed" }).where(eq(completedOffers.id, offer.id));
  }
  await t.db.execute(
    sql`update redeems set status = 1, paid_at = redeem_date + interval '2 hours' where admin_id = ${a.id} and status = 0 and ctid in (select ctid from redeems where admin_id = ${a.id} and status = 0 limit 5)`,
  );
  const bits = await t.db.execute(sql`select id, analytics_reach_bit(id) as bit from app_users`);
  reachBits = new Map(
    (bits as unknown as { rows: { id: string; bit: number }[] }).rows.map((row) => [row.id, Number(row.bit)]),
  );
  const leaving = userRows.at(-1);
  if (leaving) {
    const offers = (await rawRows(a.id)).offers.filter((offer) => offer.user_id === leaving.id);
    departed = { adminId: a.id, offers };
    await t.db.delete(appUsers).where(eq(appUsers.id, leaving.id));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// --- The recomputation from raw rows ---

type RawOffer = {
  user_id: string;
  network: string;
  offer_name: string;
  geo: string | null;
  platform: string | null;
  status: string;
  payout: string;
  points: string;
  referral_points: string;
  date: Date;
};

async function rawRows(adminId: string) {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [offers, users, paid, zone] = await Promise.all([
    t.db.execute(sql`select user_id, network, offer_name, geo, platform, status, payout, points, referral_points, date
      from completed_offers where admin_id = ${adminId}`),
    t.db.execute(sql`select id, created_at from app_users where admin_id = ${adminId}`),
    t.db.execute(
      sql`select reward_cost, paid_at from redeems where admin_id = ${adminId} and status = 1 and paid_at is not null`,
    ),
    t.db.execute(sql`select time_zone, ratio from general_configs where admin_id = ${adminId}`),
  ]);
  return {
    offers: rows<RawOffer>(offers),
    users: rows<{ id: string; created_at: Date }>(users),
    paid: rows<{ reward_cost: string; paid_at: Date }>(paid),
    zone: rows<{ time_zone: string }>(zone)[0]?.time_zone ?? "UTC",
    // Points per dollar: the saved general config, else the default.
    ratio: Number(rows<{ ratio: number }>(zone)[0]?.ratio ?? 1000),
  };
}

const dayIn = (zone: string) => {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  // Raw rows may carry timestamps as text (PostgreSQL) or as dates (PGlite).
  return (at: Date | string) => format.format(new Date(at));
};
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const monday = (day: string) => shift(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const startOf = (day: string, granularity: AnalyticsGranularity) =>
  granularity === "day" ? day : granularity === "week" ? monday(day) : `${day.slice(0, 7)}-01`;
const usd = (value: number) => Math.round(value * 10_000) / 10_000;
const counted = (offer: RawOffer) => offer.status === "credited" || offer.status === "reversed";
const keyOf = (offer: RawOffer, by: AnalyticsDimension) =>
  by === "network"
    ? offer.network
    : by === "country"
      ? (offer.geo ?? "").toUpperCase()
      : by === "offer"
        ? `${offer.offer_name} · ${offer.network}`
        : (offer.platform ?? "");

/** What the sketch of these users estimates: each user's bit (as the database sets it) on, then read. */
function sketchedReach(users: Iterable<string>): number {
  const sketch = Array.from({ length: sketchRegisters * sketchRegisterBits }, () => "0");
  for (const user of users) {
    const bit = reachBits.get(user);
    if (bit === undefined) throw new Error(`no reach bit for ${user}`);
    sketch[bit] = "1";
  }
  return estimateReach(sketch.join(""));
}

/** As GET /api/analytics reads it: the offers' queued changes folded in first. */
async function readAnalytics(...args: Parameters<typeof getAnalytics>) {
  await foldOfferRollups(t.db);
  return getAnalytics(...args);
}

async function expectAgreesWithRows(
  adminId: string,
  query: { from: string; to: string; granularity: AnalyticsGranularity; by: AnalyticsDimension },
) {
  const report = await readAnalytics(t.db, adminId, query, now);
  const raw = await rawRows(adminId);
  const localDay = dayIn(raw.zone);
  expect(report.timeZone).toBe(raw.zone);
  const inRange = (day: string) => day >= query.from && day <= query.to;
  const offers = raw.offers.filter(counted).map((offer) => ({ ...offer, day: localDay(offer.date) }));
  const ranged = offers.filter((offer) => inRange(offer.day));
  // The offers the sketches have seen: the rows', and those of a user who left since.
  const seen = [
    ...offers,
    ...(departed?.adminId === adminId ? departed.offers : [])
      .filter(counted)
      .map((offer) => ({ ...offer, day: localDay(offer.date) })),
  ];
  const reachOf = (list: typeof offers) => sketchedReach(new Set(list.map((offer) => offer.user_id)));

  // Periods: every period the range touches, in order.
  const periods = new Map<
    string,
    {
      revenue: number;
      points: number;
      conversions: number;
      reversals: number;
      users: number;
      paid: number;
      paidPoints: number;
    }
  >();
  for (let day = query.from; day <= query.to; day = shift(day, 1)) {
    periods.set(startOf(day, query.granularity), {
      revenue: 0,
      points: 0,
      conversions: 0,
      reversals: 0,
      users: 0,
      paid: 0,
      paidPoints: 0,
    });
  }
  const periodOf = (day: string) => periods.get(startOf(day, query.granularity));
  for (const offer of ranged) {
    const period = periodOf(offer.day);
    if (!period) throw new Error(`no period for ${offer.day}`);
    period.conversions += 1;
    if (offer.status === "reversed") period.reversals += 1;
    else {
      period.revenue += Math.round(Number(offer.payout) * 10_000);
      period.points += Number(offer.points) + Number(offer.referral_points);
    }
  }
  for (const user of raw.users) {
    const day = localDay(user.created_at);
    if (inRange(day)) (periodOf(day) as { users: number }).users += 1;
  }
  for (const redeem of raw.paid) {
    const day = localDay(redeem.paid_at);
    if (!inRange(day)) continue;
    const period = periodOf(day) as { paid: number; paidPoints: number };
    period.paid += 1;
    period.paidPoints += Number(redeem.reward_cost);
  }
  expect(report.periods.map((period) => period.start)).toEqual([...periods.keys()]);
  for (const period of report.periods) {
    const expected = periods.get(period.start);
    if (!expected) throw new Error(period.start);
    // Revenue is summed in ten-thousandths of a dollar, exactly, as PostgreSQL's numeric does.
    const revenue = expected.revenue / 10_000;
    const margin = usd(revenue - expected.points / raw.ratio);
    expect(period).toEqual({
      start: period.start,
      revenue,
      pointsIssued: expected.points,
      pointsCostUsd: usd(expected.points / raw.ratio),
      paidUsd: usd(expected.paidPoints / raw.ratio),
      margin,
      marginPct: revenue > 0 ? usd(margin / revenue) : null,
      conversions: expected.conversions,
      reversals: expected.reversals,
      newUsers: expected.users,
      paidRedeems: expected.paid,
    });
  }
  const sum = (field: "revenue" | "points" | "conversions") =>
    [...periods.values()].reduce((total, period) => total + period[field], 0);
  expect(report.totals.revenue).toBe(sum("revenue") / 10_000);
  expect(report.totals.pointsIssued).toBe(sum("points"));
  expect(report.totals.conversions).toBe(sum("conversions"));

  // Breakdown: the top values by revenue, then conversions, then key.
  const groups = new Map<
    string,
    { conversions: number; reversals: number; revenue: number; points: number }
  >();
  for (const offer of ranged) {
    const key = keyOf(offer, query.by);
    const group = groups.get(key) ?? {
      conversions: 0,
      reversals: 0,
      revenue: 0,
      points: 0,
    };
    group.conversions += 1;
    if (offer.status === "reversed") group.reversals += 1;
    else {
      group.revenue += Math.round(Number(offer.payout) * 10_000);
      group.points += Number(offer.points) + Number(offer.referral_points);
    }
    groups.set(key, group);
  }
  const expectedOrder = [...groups.entries()]
    .sort(
      ([keyA, x], [keyB, y]) =>
        y.revenue - x.revenue || y.conversions - x.conversions || (keyA < keyB ? -1 : 1),
    )
    .slice(0, 50);
  expect(report.breakdown.map((row) => row.key)).toEqual(expectedOrder.map(([key]) => key));
  for (const row of report.breakdown) {
    const group = groups.get(row.key);
    if (!group) throw new Error(row.key);
    const credited = group.conversions - group.reversals;
    expect({ ...row, users: 0 }).toEqual({
      key: row.key,
      conversions: group.conversions,
      revenue: group.revenue / 10_000,
      averagePayout: credited > 0 ? usd(group.revenue / 10_000 / credited) : null,
      reversals: group.reversals,
      reversalRate: group.reversals / group.conversions,
      users: 0,
      pointsIssued: group.points,
    });
    const seenInRange = seen.filter((offer) => inRange(offer.day) && keyOf(offer, query.by) === row.key);
    expect(row.users, row.key).toBe(reachOf(seenInRange));
  }
  expect(report.breakdownOmitted).toBe(Math.max(0, groups.size - 50));

  // Retention: the 8 sign-up weeks ending with the range's last one.
  const today = localDay(now);
  const lastWeek = monday(query.to);
  const signUps = new Map(raw.users.map((user) => [user.id, monday(localDay(user.created_at))]));
  expect(report.cohorts.map((cohort) => cohort.week)).toEqual(
    Array.from({ length: 8 }, (_, i) => shift(lastWeek, 7 * (i - 7))),
  );
  for (const cohort of report.cohorts) {
    const members = [...signUps.entries()].filter(([, week]) => week === cohort.week).map(([id]) => id);
    expect(cohort.users).toBe(members.length);
    const active = Array.from({ length: 8 }, (_, i) => {
      const weekStart = shift(cohort.week, 7 * (i + 1));
      if (weekStart > today) return null;
      return members.filter((id) =>
        offers.some((offer) => offer.user_id === id && monday(offer.day) === weekStart),
      ).length;
    });
    expect(cohort.active).toEqual(active);
  }

  // Earning per user by country, over the 30 and 90 days ending with `to`.
  const windowOf = (days: number, list = offers) =>
    list.filter((offer) => offer.day > shift(query.to, -days) && offer.day <= query.to);
  for (const row of report.arpu) {
    const inCountry = (list: typeof offers) =>
      list.filter((offer) => keyOf(offer, "country") === row.country);
    const revenue = (list: typeof offers) =>
      usd(
        list
          .filter((offer) => offer.status === "credited")
          .reduce((total, offer) => total + Number(offer.payout), 0),
      );
    expect(row.revenue30).toBe(revenue(inCountry(windowOf(30))));
    expect(row.revenue90).toBe(revenue(inCountry(windowOf(90))));
    expect(row.users30).toBe(reachOf(inCountry(windowOf(30, seen))));
    expect(row.users90).toBe(reachOf(inCountry(windowOf(90, seen))));
  }
  // Owed now: the users' balances and the redeems waiting to be paid.
  const owed = (
    (await t.db.execute(sql`select
        (select coalesce(sum(points), 0) from app_users where admin_id = ${adminId}) as available,
        (select coalesce(sum(pending_points), 0) from app_users where admin_id = ${adminId}) as pending,
        (select count(*) from redeems where admin_id = ${adminId} and status in (0, 3)) as redeems,
        (select coalesce(sum(reward_cost), 0) from redeems where admin_id = ${adminId} and status in (0, 3)) as points`)) as unknown as {
      rows: { available: string; pending: string; redeems: string; points: string }[];
    }
  ).rows[0];
  expect(report.liabilities).toMatchObject({
    availablePoints: Number(owed?.available),
    pendingPoints: Number(owed?.pending),
    pendingRedeems: Number(owed?.redeems),
    pendingRedeemPoints: Number(owed?.points),
    pendingRedeemsUsd: Math.round((Number(owed?.points) / raw.ratio) * 100) / 100,
  });
  expect(report.liabilities.pendingRedeems).toBeGreaterThan(0);
  return report;
}

describe("analytics figures against the raw rows", () => {
  it.each(analyticsDimensions)("agree by %s, per day, over 30 days", async (by) => {
    await expectAgreesWithRows(a.id, { from: "2026-03-03", to: "2026-04-01", granularity: "day", by });
  });

  it.each(["week", "month"] as const)("agree per %s over the whole history", async (granularity) => {
    await expectAgreesWithRows(a.id, { from: "2026-01-01", to: "2026-04-02", granularity, by: "country" });
  });

  it("never counts another app's rows", async () => {
    const report = await expectAgreesWithRows(b.id, {
      from: "2026-01-01",
      to: "2026-04-02",
      granularity: "month",
      by: "network",
    });
    const ofA = await readAnalytics(
      t.db,
      a.id,
      { from: "2026-01-01", to: "2026-04-02", granularity: "month", by: "network" },
      now,
    );
    expect(report.totals.conversions).toBeLessThan(ofA.totals.conversions);
    expect(report.pointsPerDollar).toBe(1000);
  });

  it("are what a rebuild from the rows makes, and a new time zone recounts them", async () => {
    const query = { from: "2026-01-01", to: "2026-04-02", granularity: "week", by: "offer" } as const;
    const live = await readAnalytics(t.db, a.id, query, now);
    await t.db.execute(sql`select analytics_rebuild(${a.id})`);
    departed = undefined;
    const rebuilt = await readAnalytics(t.db, a.id, query, now);
    const withoutUsers = (report: Analytics) => ({
      ...report,
      breakdown: report.breakdown.map((row) => ({ ...row, users: 0 })),
      arpu: report.arpu.map((row) => ({ ...row, users30: 0, users90: 0, arpu30: 0, arpu90: 0 })),
    });
    expect(withoutUsers(rebuilt)).toEqual(withoutUsers(live));

    const [config] = await t.db.select().from(generalConfigs).where(eq(generalConfigs.adminId, a.id));
    const save = await t.app.inject({
      method: "PUT",
      url: `/api/setting/settingconfig/${config?.id}`,
      headers: a.headers,
      payload: {
        refPercent: 25,
        ratio,
        fbLike: 10,
        fbShare: 20,
        twShare: 20,
        timeZone: "America/Los_Angeles",
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const moved = await expectAgreesWithRows(a.id, { ...query, granularity: "day", by: "platform" });
    expect(moved.timeZone).toBe("America/Los_Angeles");
  });
});

describe("GET /api/analytics", () => {
  const get = (url: string, headers: Record<string, string> = a.headers) =>
    t.app.inject({ method: "GET", url, headers });

  it("answers the report of the caller's app", async () => {
    const response = await get("/api/analytics?from=2026-03-01&to=2026-03-31&granularity=week&by=country");
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<Analytics>();
    expect(report.periods[0]?.start).toBe("2026-02-23");
    expect(report.by).toBe("country");
    expect(report.usersAreEstimates).toBe(true);
  });

  it.each([
    ["from=2026-03-01", "to"],
    ["from=2026-02-30&to=2026-03-01", "YYYY-MM-DD"],
    ["from=2026-03-02&to=2026-03-01", "from must not be after to"],
    ["from=2024-01-01&to=2026-03-01", "at most 731 days"],
    ["from=2026-03-01&to=2026-03-02&granularity=year", "granularity must be one of"],
    ["from=2026-03-01&to=2026-03-02&by=city", "by must be one of"],
  ])("answers 400 for %s", async (query, message) => {
    const response = await get(`/api/analytics?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it("answers 401 without a session", async () => {
    expect((await get("/api/analytics?from=2026-03-01&to=2026-03-02", {})).statusCode).toBe(401);
  });
});

describe("the reporting time zone", () => {
  it("refuses a zone the database does not know, changing nothing", async () => {
    const [config] = await t.db.select().from(generalConfigs).where(eq(generalConfigs.adminId, a.id));
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/setting/settingconfig/${config?.id}`,
      headers: a.headers,
      payload: { refPercent: 25, ratio, fbLike: 10, fbShare: 20, twShare: 20, timeZone: "Mars/Olympus" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain("time zone");
    const [after] = await t.db.select().from(generalConfigs).where(eq(generalConfigs.adminId, a.id));
    expect(after?.timeZone).toBe(config?.timeZone);
  });
});
