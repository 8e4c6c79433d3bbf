import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextReferCode, type Tenant, twoTenants } from "../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../test/support/test-app.ts";
import { newId } from "../lib/ids.ts";
import { foldOfferRollups } from "./offer-rollups.ts";
import { appUsers, completedOffers } from "./schema/index.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
const hourMs = 3_600_000;
const metricsToken = "metrics-token-for-the-offer-rollups-test";

/** A queue's depth as GET /metrics reports it. */
async function pendingInMetrics(gauge = "offer_rollup_changes_pending") {
  const scrape = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(scrape.statusCode).toBe(200);
  const line = scrape.body.split("\n").find((entry) => entry.startsWith(`${gauge} `));
  return Number(line?.split(" ")[1]);
}

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const queued = async () =>
  Number((await rowsOf(sql`select count(*)::int as n from offer_rollup_changes`))[0]?.n);

async function addUser(adminId: string) {
  const id = newId();
  await t.db
    .insert(appUsers)
    .values({ id, adminId, username: `${id}@users.test`, referCode: nextReferCode(), device: "android" });
  return id;
}

async function addOffers(adminId: string, userId: string, count: number, hoursAgo: (i: number) => number) {
  const ids = Array.from({ length: count }, () => newId());
  await t.db.insert(completedOffers).values(
    ids.map((id, i) => ({
      id,
      adminId,
      userId,
      network: i % 2 ? "bitlabs" : "cpxresearch",
      transactionId: id,
      offerName: `Survey ${i % 3}`,
      payout: 0.25 * (1 + (i % 4)),
      points: 100 * (1 + (i % 4)),
      geo: i % 3 ? "us" : "de",
      date: new Date(Date.now() - hoursAgo(i) * hourMs),
    })),
  );
  return ids;
}

/**
 * Every figure the fold keeps, its shards summed (the fold writes a shard of its own, a rebuild each
 * row's): the dashboard's slots, hours and totals, the analytics' days and reach sketches.
 */
async function rollups(adminId: string) {
  return {
    slots: await rowsOf(sql`select bucket_start, sum(offers)::int as offers, sum(revenue)::float8 as revenue
      from activity_buckets where admin_id = ${adminId} group by 1 having sum(offers) <> 0 or sum(revenue) <> 0 order by 1`),
    hours: await rowsOf(sql`select hour_start, sum(offers)::int as offers, sum(revenue)::float8 as revenue
      from activity_hours where admin_id = ${adminId} group by 1 having sum(offers) <> 0 or sum(revenue) <> 0 order by 1`),
    totals: await rowsOf(sql`select sum(offers)::int as offers, sum(revenue)::float8 as revenue
      from activity_totals where admin_id = ${adminId}`),
    days: await rowsOf(sql`select dimension, day::text, key, sum(conversions)::int as conversions,
        sum(reversals)::int as reversals, sum(revenue)::float8 as revenue, sum(points)::int as points
      from analytics_days where admin_id = ${adminId} group by 1, 2, 3
      having sum(conversions) <> 0 or sum(reversals) <> 0 or sum(revenue) <> 0 or sum(points) <> 0 order by 1, 2, 3`),
    reach: await rowsOf(sql`select dimension, day::text, key, sketch::text from analytics_reach
      where admin_id = ${adminId} order by 1, 2, 3`),
  };
}

async function rebuilt(adminId: string) {
  await t.db.execute(sql`select activity_rebuild(${adminId})`);
  await t.db.execute(sql`select analytics_rebuild(${adminId})`);
  return rollups(adminId);
}

beforeAll(async () => {
  // No worker: each test says when the queue is folded.
  t = await startTestApp({
    offerRollups: false,
    rollupCompaction: false,
    env: { METRICS_TOKEN: metricsToken },
  });
  ({ a, b } = await twoTenants(t.app));
}, 60_000);
afterAll(() => t?.close());

describe("completed offers' rollups, folded in batches", () => {
  it("queues a credit until a fold, and the dashboard folds before it reads", async () => {
    const user = await addUser(a.id);
    await addOffers(a.id, user, 3, () => 0);
    expect(await queued()).toBe(3);
    expect(await pendingInMetrics()).toBe(3);
    const totals = sql`select coalesce(sum(offers), 0)::int as offers from activity_totals where admin_id = ${a.id}`;
    expect((await rowsOf(totals))[0]?.offers).toBe(0);

    const dash = await t.app.inject({
      method: "GET",
      url: "/api/dash?tz=UTC&range=today",
      headers: a.headers,
    });
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.json()).toMatchObject({ todayOffers: 3, todayRevenue: 1.5 });
    expect(await queued()).toBe(0);
    expect(await pendingInMetrics()).toBe(0);
    expect((await rowsOf(totals))[0]?.offers).toBe(3);
    // The lists' positions wait in their own queue (the worker folds it; lists read it as it is).
    const moves = Number((await rowsOf(sql`select count(*)::int as n from list_position_changes`))[0]?.n);
    expect(moves).toBeGreaterThanOrEqual(4);
    expect(await pendingInMetrics("list_position_changes_pending")).toBe(moves);
  });

  it("folds for a dashboard only when its app has changes queued, never for the other apps' alone", async () => {
    const user = await addUser(b.id);
    await addOffers(b.id, user, 3, () => 0);
    expect(await queued()).toBe(3);
    for (const url of ["/api/dash?tz=UTC&range=today", "/api/analytics?from=2026-01-01&to=2026-01-02"]) {
      const read = await t.app.inject({ method: "GET", url, headers: a.headers });
      expect(read.statusCode, read.body).toBe(200);
    }
    // Another app's changes wait for the worker (or that app's own reads).
    expect(await queued()).toBe(3);
    const dash = await t.app.inject({
      method: "GET",
      url: "/api/dash?tz=UTC&range=today",
      headers: b.headers,
    });
    expect(dash.json()).toMatchObject({ todayOffers: 3 });
    expect(await queued()).toBe(0);
  });

  it("answers the analytics with every offer committed before the call", async () => {
    const user = await addUser(a.id);
    await addOffers(a.id, user, 2, () => 0);
    const day = new Date().toISOString().slice(0, 10);
    const report = await t.app.inject({
      method: "GET",
      url: `/api/analytics?from=${day}&to=${day}&granularity=day&by=network`,
      headers: a.headers,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({ totals: { conversions: 5 } });
    expect(await queued()).toBe(0);
  });

  it("makes the figures a rebuild makes, with credits, reversals and folds at once", async () => {
    const users = [await addUser(a.id), await addUser(a.id)];
    const ids = [
      ...(await addOffers(a.id, users[0] as string, 40, (i) => (i % 7) * 5)),
      ...(await addOffers(a.id, users[1] as string, 40, (i) => 30 + i)),
    ];
    await Promise.all([
      ...ids.slice(0, 30).map((id, i) =>
        t.db
          .update(completedOffers)
          .set(i % 3 ? { status: "reversed" } : { offerName: "Renamed", geo: "fr" })
          .where(eq(completedOffers.id, id)),
      ),
      addOffers(a.id, users[1] as string, 20, (i) => i),
      foldOfferRollups(t.db, { batchSize: 3 }),
      foldOfferRollups(t.db, { batchSize: 7 }),
      t.db.delete(completedOffers).where(eq(completedOffers.id, ids[50] as string)),
    ]);
    await foldOfferRollups(t.db);
    expect(await queued()).toBe(0);
    const { reach: live, ...folded } = await rollups(a.id);
    expect(folded.days.length).toBeGreaterThan(20);
    const { reach: counted, ...rebuiltFigures } = await rebuilt(a.id);
    expect(folded).toEqual(rebuiltFigures);
    // A sketch never forgets a user (an offer moved to another country keeps its bit in the old one's): every
    // bit a rebuild sets, the live sketch of the same key has.
    const liveOf = new Map(live.map((row) => [`${row.dimension} ${row.day} ${row.key}`, String(row.sketch)]));
    expect(counted.length).toBeGreaterThan(10);
    for (const row of counted) {
      const sketch = liveOf.get(`${row.dimension} ${row.day} ${row.key}`) ?? "";
      const missing = [...String(row.sketch)].some((bit, i) => bit === "1" && sketch[i] !== "1");
      expect(missing, `${row.dimension} ${row.day} ${row.key}`).toBe(false);
    }
  });

  it("lets a rebuild count a queued change once, and loses none of the dashboard's", async () => {
    const user = await addUser(a.id);
    await addOffers(a.id, user, 4, () => 1);
    expect(await queued()).toBe(4);
    // A new time zone rebuilds the analytics alone: the queue is folded first, the slots keep the offers.
    await t.db.execute(sql`select analytics_rebuild(${a.id})`);
    expect(await queued()).toBe(0);
    await foldOfferRollups(t.db);
    const offers = sql`select count(*)::int as n from completed_offers where admin_id = ${a.id}`;
    const [count] = await rowsOf(offers);
    const [total] = await rowsOf(sql`select sum(conversions)::int as n from analytics_days
      where admin_id = ${a.id} and dimension = 'total'`);
    const [slots] = await rowsOf(
      sql`select sum(offers)::int as n from activity_totals where admin_id = ${a.id}`,
    );
    expect(total?.n).toBe(count?.n);
    expect(slots?.n).toBe(count?.n);
  });
});

describe("the fold worker", () => {
  it("folds queued credits without a read, and vacuums the queue", async () => {
    const w = await startTestApp({ offerRollups: { pollMs: 50 }, rollupCompaction: false });
    try {
      const { a: tenant } = await twoTenants(w.app);
      const user = newId();
      await w.db
        .insert(appUsers)
        .values({ id: user, adminId: tenant.id, username: `${user}@users.test`, referCode: nextReferCode() });
      await w.db.insert(completedOffers).values(
        [1, 2].map((i) => ({
          id: newId(),
          adminId: tenant.id,
          userId: user,
          network: "bitlabs",
          transactionId: `worker-${i}`,
          offerName: "Survey",
          payout: 1,
          points: 500,
        })),
      );
      const countOf = async (query: ReturnType<typeof sql>) =>
        Number(((await w.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
      const folded = sql`select coalesce(sum(offers), 0)::int as n from activity_totals where admin_id = ${tenant.id}`;
      await expect.poll(() => countOf(folded), { timeout: 10_000 }).toBe(2);
      // The lists' positions too: no move left waiting, the offers counted in the index.
      const waiting = sql`select count(*)::int as n from list_position_changes`;
      await expect.poll(() => countOf(waiting), { timeout: 10_000 }).toBe(0);
      const listed = sql`select coalesce(sum(rows), 0)::int as n from list_buckets
        where admin_id = ${tenant.id} and list = 'offers' and sort = '' and filter = ''`;
      expect(await countOf(listed)).toBe(2);
      for (const queue of ["offer_rollup_changes", "list_position_changes"]) {
        const vacuums = sql`select coalesce(sum(vacuum_count), 0)::int as n from pg_stat_user_tables
          where relname = ${queue}`;
        await expect.poll(() => countOf(vacuums), { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
      }
    } finally {
      await w.close();
    }
  });
});
