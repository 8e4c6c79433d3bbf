import type { DashboardRange } from "@rewards/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../../test/support/members.ts";
import { insertRedeem } from "../../../test/support/redeems.ts";
import { watchStatements } from "../../../test/support/statements.ts";
import { nextReferCode, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { foldOfferRollups } from "../../db/offer-rollups.ts";
import {
  appUsers,
  completedOffers,
  generalConfigs,
  redeems,
  rewardCodes,
  rewardItems,
  rewards,
} from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { fingerprint } from "../../lib/secret-box.ts";
import { seedDemoCatalog } from "../../seed/demo-catalog.ts";
import { movePoints } from "../ledger/move-points.ts";
import { getDashboard, lastOffersQuery, lastRedeemsQuery } from "./dashboard.service.ts";

// 2026-03-29 is the day Europe/Berlin moves to summer time (at 01:00 UTC); New York moved on 03-08.
const now = new Date("2026-03-29T12:00:00Z");
let t: TestApp;
let a: Tenant;
let b: Tenant;

async function addUser(adminId: string, createdAt: string) {
  const id = newId();
  await t.db.insert(appUsers).values({
    id,
    adminId,
    username: `${id}@users.test`,
    referCode: nextReferCode(),
    createdAt: new Date(createdAt),
  });
  return id;
}

async function addOffer(adminId: string, userId: string, date: string, payout: number, status = "credited") {
  await t.db.insert(completedOffers).values({
    id: newId(),
    adminId,
    userId,
    network: "bitlabs",
    transactionId: newId(),
    offerName: "Survey",
    payout,
    points: Math.round(payout * 500),
    status: status as "credited",
    date: new Date(date),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  const u1 = await addUser(a.id, "2026-03-28T23:30:00Z");
  await addUser(a.id, "2026-03-23T10:00:00Z");
  await addUser(a.id, "2026-03-22T10:00:00Z");
  await addOffer(a.id, u1, "2026-03-28T23:30:00Z", 1.25); // X
  await addOffer(a.id, u1, "2026-03-29T03:30:00Z", 2); // Y
  await addOffer(a.id, u1, "2026-03-29T04:15:00Z", 0.5); // Z
  await addOffer(a.id, u1, "2026-03-28T18:20:00Z", 3.3333); // W1
  await addOffer(a.id, u1, "2026-03-28T18:35:00Z", 10, "reversed"); // W2
  await t.db.insert(redeems).values({
    id: newId(),
    adminId: a.id,
    userId: u1,
    redeemEmail: "r@users.test",
    rewardName: "PayPal",
    rewardAmount: "$5",
    rewardCost: 5000,
    redeemDate: new Date("2026-03-29T00:10:00Z"),
  });
  // Another administrator's activity today must never count for A.
  const other = await addUser(b.id, "2026-03-29T09:00:00Z");
  await addOffer(b.id, other, "2026-03-29T09:00:00Z", 99);
});
afterAll(() => t.close());

/** As GET /api/dash reads it: the offers' queued changes folded in first. */
const dash = async (tz: string, range: DashboardRange = "today", adminId = a.id) => {
  await foldOfferRollups(t.db);
  return getDashboard(t.db, adminId, { tz, range }, now);
};

describe("the period's figures, by the caller's time zone", () => {
  it.each([
    ["UTC", { todayOffers: 2, todayRevenue: 2.5, todayUsers: 0, todayRedeems: 1 }],
    ["Europe/Berlin", { todayOffers: 3, todayRevenue: 3.75, todayUsers: 1, todayRedeems: 1 }],
    ["America/New_York", { todayOffers: 1, todayRevenue: 0.5, todayUsers: 0, todayRedeems: 0 }],
    ["Asia/Kolkata", { todayOffers: 4, todayRevenue: 3.75, todayUsers: 1, todayRedeems: 1 }],
  ])("today in %s", async (tz, expected) => {
    expect(await dash(tz)).toMatchObject(expected);
  });

  it("takes the local day's true length across a DST change", async () => {
    const berlin = await dash("Europe/Berlin");
    // Midnight CET (UTC+1) to midnight CEST (UTC+2): a 23-hour day.
    expect(berlin.period).toEqual({ from: "2026-03-28T23:00:00.000Z", to: "2026-03-29T22:00:00.000Z" });
  });

  it.each([
    [
      "America/New_York",
      "yesterday",
      { todayOffers: 4, todayRevenue: 6.5833, todayUsers: 1, todayRedeems: 1 },
    ],
    ["Europe/Berlin", "last7", { todayOffers: 5, todayRevenue: 7.0833, todayUsers: 2, todayRedeems: 1 }],
    ["UTC", "last30", { todayOffers: 5, todayRevenue: 7.0833, todayUsers: 3, todayRedeems: 1 }],
    ["UTC", "thisMonth", { todayOffers: 5, todayRevenue: 7.0833, todayUsers: 3, todayRedeems: 1 }],
  ] as const)("%s %s", async (tz, range, expected) => {
    expect(await dash(tz, range)).toMatchObject(expected);
  });
});

describe("totals and the 7-day series", () => {
  it("sums all time, reversals taken out of revenue", async () => {
    const result = await dash("UTC");
    expect(result.userWidget.users).toBe(3);
    expect(result.offersWidget.offers).toBe(5);
    expect(result.revenueWidget.revenue).toBe(7.0833);
    expect(result.redeemWidget.redeemCount).toBe(1);
  });

  it("gives one point per local day, 6 days ago first", async () => {
    const utc = await dash("UTC");
    expect(utc.days).toEqual([
      "2026-03-23",
      "2026-03-24",
      "2026-03-25",
      "2026-03-26",
      "2026-03-27",
      "2026-03-28",
      "2026-03-29",
    ]);
    expect(utc.offersWidget.offersData).toEqual([0, 0, 0, 0, 0, 3, 2]);
    expect(utc.userWidget.usersData).toEqual([1, 0, 0, 0, 0, 1, 0]);
    expect(utc.revenueWidget.revenueData).toEqual([0, 0, 0, 0, 0, 4.5833, 2.5]);
    expect(utc.redeemWidget.redeemData).toEqual([0, 0, 0, 0, 0, 0, 1]);

    const kolkata = await dash("Asia/Kolkata");
    expect(kolkata.offersWidget.offersData).toEqual([0, 0, 0, 0, 0, 1, 4]);
    expect(kolkata.revenueWidget.revenueData).toEqual([0, 0, 0, 0, 0, 3.3333, 3.75]);
  });

  it("lists the latest users, offers and redeems, newest first", async () => {
    const result = await dash("UTC");
    expect(result.LastUsers.map((user) => user.createdAt)).toEqual([
      "2026-03-28T23:30:00.000Z",
      "2026-03-23T10:00:00.000Z",
      "2026-03-22T10:00:00.000Z",
    ]);
    expect(result.LastCompletedOffers.map((offer) => offer.payout)).toEqual([0.5, 2, 1.25, 10, 3.3333]);
    expect(result.LastRedeems).toHaveLength(1);
    expect(result.LastRedeems[0]).toMatchObject({
      rewardName: "PayPal",
      status: 0,
      userEmail: expect.any(String),
    });
  });

  it("reads every figure and list in one statement, in a zone whose midnight cuts an hour too", async () => {
    await foldOfferRollups(t.db);
    for (const tz of ["UTC", "Asia/Kolkata"]) {
      const watch = watchStatements(t.db, ["activity_hours", "activity_totals", "app_users", "payout_days"]);
      const result = await getDashboard(t.db, a.id, { tz, range: "last7" }, now);
      watch.stop();
      // Eight statements side by side before: each a round trip, a wake-up and an executor start.
      expect(watch.sent()).toHaveLength(1);
      expect(result.LastUsers.length).toBeGreaterThan(0);
    }
  });

  it("reads the latest rows' users by their key, never through a Memoize cache sized for every user", async () => {
    // The bug: a join to app_users let PostgreSQL 15 put a Memoize node before the users; setting it up
    // zeroed a hash table sized for a million users (12 ms at work_mem 64 MB) to read 10 rows. A handful
    // of test rows never tempts the planner to Memoize, so the plan must show no join at all: each row's
    // user is a subplan on the users' key.
    const plans = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (
        query: ReturnType<typeof lastOffersQuery> | ReturnType<typeof lastRedeemsQuery>,
      ) => {
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
          rows: Record<string, string>[];
        };
        return result.rows.map((row) => Object.values(row)[0]).join("\n");
      };
      return [await explain(lastOffersQuery(tx, a.id)), await explain(lastRedeemsQuery(tx, a.id))];
    });
    for (const plan of plans) {
      expect(plan).toMatch(/SubPlan[\s\S]*app_users_pkey/);
      expect(plan).not.toMatch(/Nested Loop|Hash Join|Merge Join|Memoize/);
    }
  });

  it("answers zeros for an administrator with nothing yet, and counts only the caller's data", async () => {
    const other = await dash("UTC", "today", b.id);
    expect(other).toMatchObject({ todayOffers: 1, todayRevenue: 99, todayUsers: 1, todayRedeems: 0 });
    expect(other.offersWidget.offers).toBe(1);
    await t.db.delete(completedOffers).where(eq(completedOffers.adminId, b.id));
    await t.db.delete(appUsers).where(eq(appUsers.adminId, b.id));
    const empty = await dash("UTC", "last30", b.id);
    expect(empty).toMatchObject({ todayOffers: 0, todayUsers: 0, todayRedeems: 0, todayRevenue: 0 });
    expect(empty.offersWidget.offersData).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(empty.LastUsers).toEqual([]);
  });
});

describe("the slots stay true to the tables", () => {
  it("moves an offer's revenue out when it is reversed, and back when credited again", async () => {
    const [offer] = await t.db.select().from(completedOffers).where(eq(completedOffers.payout, 2));
    await t.db
      .update(completedOffers)
      .set({ status: "reversed" })
      .where(eq(completedOffers.id, offer?.id ?? ""));
    expect((await dash("UTC")).todayRevenue).toBe(0.5);
    await t.db
      .update(completedOffers)
      .set({ status: "credited" })
      .where(eq(completedOffers.id, offer?.id ?? ""));
    expect((await dash("UTC")).todayRevenue).toBe(2.5);
  });

  it("matches a rebuild from the tables", async () => {
    // Per slot, its shards summed: the fold writes offers to a shard of its own, a rebuild to each row's.
    const slots = sql`select bucket_start, sum(users)::int as users, sum(offers)::int as offers,
        sum(revenue)::float8 as revenue, sum(redeems)::int as redeems
      from activity_buckets where admin_id = ${a.id} group by 1
      having sum(users) <> 0 or sum(offers) <> 0 or sum(revenue) <> 0 or sum(redeems) <> 0 order by 1`;
    const rowsOf = async () => ((await t.db.execute(slots)) as unknown as { rows: unknown[] }).rows;
    await foldOfferRollups(t.db);
    const before = await rowsOf();
    await t.db.execute(sql`select activity_rebuild(${a.id})`);
    expect(await rowsOf()).toEqual(before);
    expect(before.length).toBeGreaterThan(3);
  });

  it("keeps the hourly sums and the totals equal to the slots they add up", async () => {
    // Per hour, its shards summed: the compaction job may have folded an hour's shards into one.
    const mismatches = await t.db.execute(sql`
      select h.hour_start from (select hour_start, sum(offers) as offers, sum(revenue) as revenue,
                                  sum(users) as users, sum(redeems) as redeems
                                from activity_hours where admin_id = ${a.id} group by 1) h
      left join (select activity_hour(bucket_start) as hour_start, sum(offers) as offers, sum(revenue) as revenue,
                   sum(users) as users, sum(redeems) as redeems
                 from activity_buckets where admin_id = ${a.id} group by 1) s
        on s.hour_start = h.hour_start
      where (h.offers, h.revenue, h.users, h.redeems) is distinct from
        (coalesce(s.offers, 0), coalesce(s.revenue, 0), coalesce(s.users, 0), coalesce(s.redeems, 0))`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
    const totals = await t.db.execute(sql`select
      (select sum(offers) from activity_totals where admin_id = ${a.id}) as totals,
      (select sum(offers) from activity_buckets where admin_id = ${a.id}) as slots`);
    const [row] = (totals as unknown as { rows: { totals: string; slots: string }[] }).rows;
    expect(Number(row?.totals)).toBe(Number(row?.slots));
  });
});

describe("GET /api/dash", () => {
  it("answers the dashboard for the caller's zone, 400 for a bad zone or range, 401 without a token", async () => {
    const ok = await t.app.inject({
      method: "GET",
      url: "/api/dash?tz=Europe/Berlin&range=last7",
      headers: a.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ range: "last7", userWidget: { users: 3 } });
    const defaults = await t.app.inject({ method: "GET", url: "/api/dash", headers: a.headers });
    expect(defaults.json().range).toBe("today");
    const badZone = await t.app.inject({
      method: "GET",
      url: "/api/dash?tz=Mars/Olympus",
      headers: a.headers,
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().fieldErrors).toEqual({ tz: "tz must be an IANA time zone such as Europe/Berlin" });
    const badRange = await t.app.inject({
      method: "GET",
      url: "/api/dash?range=forever",
      headers: a.headers,
    });
    expect(badRange.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/dash" })).statusCode).toBe(401);
  });
});

describe("the low-stock alert", () => {
  it("lists the app's inventory items with fewer available codes than their threshold, to every role", async () => {
    await seedDemoCatalog(t.db, a.id);
    await seedDemoCatalog(t.db, b.id);
    const items = await t.db
      .select({ id: rewardItems.id, cost: rewardItems.cost, rewardName: rewards.name })
      .from(rewardItems)
      .innerJoin(rewards, eq(rewards.id, rewardItems.rewardId))
      .where(eq(rewardItems.adminId, a.id))
      .orderBy(rewardItems.id)
      .limit(3);
    const [low, enough, manual] = items;
    const [ofB] = await t.db.select().from(rewardItems).where(eq(rewardItems.adminId, b.id)).limit(1);
    await t.db
      .update(rewardItems)
      .set({ fulfilment: "inventory", lowStockBelow: 3 })
      .where(sql`${rewardItems.id} in (${low?.id}, ${enough?.id}, ${ofB?.id})`);
    const addCode = async (adminId: string, itemId: string, code: string, extra: object = {}) =>
      t.db.insert(rewardCodes).values({
        id: newId(),
        adminId,
        rewardItemId: itemId,
        code,
        fingerprint: fingerprint(code),
        last4: code.slice(-4),
        ...extra,
      });
    // low: 2 available (and a used and an expired one, which do not count); enough: 3.
    await addCode(a.id, low?.id ?? "", "LOW-0001");
    await addCode(a.id, low?.id ?? "", "LOW-0002");
    await addCode(a.id, low?.id ?? "", "LOW-0003", { usedAt: new Date() });
    await addCode(a.id, low?.id ?? "", "LOW-0004", { expiresOn: "2020-01-01" });
    for (const code of ["OK-0001", "OK-0002", "OK-0003"]) await addCode(a.id, enough?.id ?? "", code);

    expect((await dash("UTC")).lowStock).toEqual([
      {
        rewardItemId: low?.id,
        rewardName: low?.rewardName,
        cost: low?.cost,
        available: 2,
        lowStockBelow: 3,
      },
    ]);
    expect(manual).toBeDefined();
    // B's empty inventory item is B's alert only.
    expect((await dash("UTC", "today", b.id)).lowStock.map((item) => item.rewardItemId)).toEqual([ofB?.id]);
    const viewer = await addMember(t, a.id, "viewer");
    const response = await t.app.inject({ method: "GET", url: "/api/dash", headers: viewer.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lowStock).toHaveLength(1);
  });
});

describe("liabilities and payouts today", () => {
  const credit = (adminId: string, userId: string, amount: number, bucket: "available" | "pending") =>
    t.db.transaction((tx) => movePoints(tx, { adminId, userId, amount, reason: "offer", bucket }));

  it("sums the app's available and pending points from the ledger, in dollars at its ratio", async () => {
    expect((await dash("UTC")).liabilities).toEqual({
      availablePoints: 0,
      pendingPoints: 0,
      availableUsd: 0,
      pendingUsd: 0,
    });
    const u1 = await addUser(a.id, "2026-03-20T10:00:00Z");
    const u2 = await addUser(a.id, "2026-03-21T10:00:00Z");
    const other = await addUser(b.id, "2026-03-21T10:00:00Z");
    await credit(a.id, u1, 3000, "available");
    await credit(a.id, u1, 1500, "pending");
    await credit(a.id, u2, 2001, "available");
    await credit(a.id, u2, 700, "pending");
    await credit(a.id, u2, -500, "available"); // a spend
    await credit(b.id, other, 9999, "pending");
    // No general config saved: the default ratio, 1000 points a dollar.
    expect((await dash("UTC")).liabilities).toEqual({
      availablePoints: 4501,
      pendingPoints: 2200,
      availableUsd: 4.5,
      pendingUsd: 2.2,
    });
    await t.db.insert(generalConfigs).values({
      id: newId(),
      adminId: a.id,
      refPercent: 25,
      ratio: 300,
      fbLike: 0,
      fbShare: 0,
      twShare: 0,
    });
    // 4501 / 300 = 15.0033…, 2200 / 300 = 7.333…: rounded to cents.
    expect((await dash("UTC")).liabilities).toEqual({
      availablePoints: 4501,
      pendingPoints: 2200,
      availableUsd: 15,
      pendingUsd: 7.33,
    });
    expect((await dash("UTC", "today", b.id)).liabilities).toEqual({
      availablePoints: 0,
      pendingPoints: 9999,
      availableUsd: 0,
      pendingUsd: 10,
    });
    const [row] = (
      (await t.db.execute(sql`
        select (select sum(points) from app_users where admin_id = ${a.id}) as users,
          (select sum(available_points) from balance_totals where admin_id = ${a.id}) as totals`)) as unknown as {
        rows: { users: string; totals: string }[];
      }
    ).rows;
    expect(Number(row?.totals)).toBe(Number(row?.users));
  });

  it("counts the redeems paid since midnight UTC and still Sent, by method, every method listed", async () => {
    const userId = await addUser(a.id, "2026-03-20T10:00:00Z");
    const paid = async (
      adminId: string,
      paidAt: string,
      paidVia: "manual" | "inventory" | "provider" | null,
      rewardCost: number,
      status = 1,
    ) =>
      t.db.insert(redeems).values({
        id: newId(),
        adminId,
        userId: adminId === a.id ? userId : await addUser(adminId, "2026-03-20T10:00:00Z"),
        redeemEmail: "paid@users.test",
        rewardName: "Amazon",
        rewardAmount: "$5",
        rewardCost,
        status,
        paidAt: new Date(paidAt),
        paidVia,
        redeemDate: new Date("2026-03-27T10:00:00Z"),
      });
    await paid(a.id, "2026-03-29T00:00:00Z", "manual", 1000);
    await paid(a.id, "2026-03-29T11:59:00Z", "manual", 2500);
    await paid(a.id, "2026-03-29T08:00:00Z", "inventory", 5000);
    await paid(a.id, "2026-03-29T09:00:00Z", null, 100); // paid before methods were recorded
    await paid(a.id, "2026-03-28T23:59:59Z", "inventory", 7000); // yesterday
    await paid(a.id, "2026-03-29T10:00:00Z", "provider", 9000, 0); // paid, then back to Pending
    await paid(a.id, "2026-03-29T10:00:00Z", "provider", 9000, 2); // paid, then Rejected
    await paid(b.id, "2026-03-29T10:00:00Z", "provider", 4000); // another app's
    expect((await dash("UTC")).payoutsToday).toEqual([
      { method: "manual", count: 3, points: 3600 },
      { method: "inventory", count: 1, points: 5000 },
      { method: "provider", count: 0, points: 0 },
    ]);
    // Today is the UTC day whatever the caller's zone.
    expect((await dash("Asia/Kolkata")).payoutsToday).toEqual((await dash("UTC")).payoutsToday);
    expect((await dash("UTC", "today", b.id)).payoutsToday).toEqual([
      { method: "manual", count: 0, points: 0 },
      { method: "inventory", count: 0, points: 0 },
      { method: "provider", count: 1, points: 4000 },
    ]);
    const viewer = await addMember(t, a.id, "viewer");
    const response = await t.app.inject({ method: "GET", url: "/api/dash", headers: viewer.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      liabilities: { availablePoints: 4501, pendingPoints: 2200, availableUsd: 15, pendingUsd: 7.33 },
      payoutsToday: [{ method: "manual" }, { method: "inventory" }, { method: "provider" }],
    });
  });

  it("keeps payouts today right through a redeem's later changes, as a rebuild from the redeems makes them", async () => {
    const userId = await addUser(a.id, "2026-03-20T10:00:00Z");
    const today = async () => (await dash("UTC")).payoutsToday;
    const before = await today();
    // The method's row moved by this much since the test began.
    const moved = async (method: string, count: number, points: number) => {
      const start = before.find((row) => row.method === method);
      expect((await today()).find((row) => row.method === method)).toEqual({
        method,
        count: (start?.count ?? 0) + count,
        points: (start?.points ?? 0) + points,
      });
    };
    const id = await insertRedeem(t.db, { adminId: a.id, userId, cost: 700 });
    await moved("provider", 0, 0);
    const change = (values: Partial<typeof redeems.$inferInsert>) =>
      t.db.update(redeems).set(values).where(eq(redeems.id, id));
    await change({ status: 1, paidAt: new Date("2026-03-29T08:30:00Z"), paidVia: "provider" });
    await moved("provider", 1, 700);
    await change({ paidVia: "inventory" });
    await moved("provider", 0, 0);
    await moved("inventory", 1, 700);
    await change({ rewardCost: 900 });
    await moved("inventory", 1, 900);
    await change({ status: 2 });
    await moved("inventory", 0, 0);
    await change({ status: 1, paidAt: new Date("2026-03-28T20:00:00Z") }); // paid yesterday
    await moved("inventory", 0, 0);
    await change({ paidAt: new Date("2026-03-29T09:00:00Z") });
    await moved("inventory", 1, 900);
    const rollup = async () =>
      (
        (await t.db.execute(sql`select day::text, method, sum(redeems)::int as redeems, sum(points)::int as points
          from payout_days where admin_id = ${a.id} group by day, method
          having sum(redeems) <> 0 or sum(points) <> 0 order by day, method`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const kept = await rollup();
    await t.db.execute(sql`select payout_days_rebuild(${a.id})`);
    expect(kept).toContainEqual({
      day: "2026-03-29",
      method: "inventory",
      redeems: expect.any(Number),
      points: expect.any(Number),
    });
    expect(await rollup()).toEqual(kept);
    await t.db.delete(redeems).where(eq(redeems.id, id));
    await moved("inventory", 0, 0);
  });
});
