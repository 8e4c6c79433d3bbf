import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../test/support/test-app.ts";
import { newId } from "../lib/ids.ts";
import { getAnalytics } from "../modules/analytics/analytics.service.ts";
import { getDashboard } from "../modules/dashboard/dashboard.service.ts";
import { foldOfferRollups } from "./offer-rollups.ts";
import { compactRollups } from "./rollup-compaction.ts";
import { appUsers, completedOffers } from "./schema/index.ts";

// The compaction folds closed hours' and days' shard rows into one (shard -1); every figure read from the
// rollups stays the same, and writes to a folded period are folded by the next round. The job is off here:
// the test runs the rounds.
let t: TestApp;
let a: Tenant;
let b: Tenant;
const hourMs = 3_600_000;
const now = new Date();
const offerIds: string[] = [];

async function addUser(adminId: string) {
  const id = newId();
  await t.db.insert(appUsers).values({
    id,
    adminId,
    username: `${id}@users.test`,
    referCode: id.slice(-8),
    createdAt: new Date(now.getTime() - 20 * 24 * hourMs),
  });
  return id;
}

async function addOffers(adminId: string, userId: string, count: number, hoursAgo: (i: number) => number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    adminId,
    userId,
    network: ["bitlabs", "adgem", "ayetstudios"][i % 3] as string,
    transactionId: newId(),
    offerName: ["Survey", "Install Game"][i % 2] as string,
    payout: 0.25 + (i % 7) * 0.5,
    points: 125 + (i % 7) * 250,
    geo: ["US", "DE"][i % 2] as string,
    status: "credited" as const,
    date: new Date(now.getTime() - hoursAgo(i) * hourMs - (i % 50) * 60_000),
  }));
  // One row a statement: each commit's triggers pick their own shards, as postbacks do.
  for (const row of rows) await t.db.insert(completedOffers).values(row);
  offerIds.push(...rows.map((row) => row.id));
}

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Everything the dashboard and analytics show for the tenant, to compare before and after a round. */
async function figures(adminId: string) {
  await foldOfferRollups(t.db);
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 24 * hourMs).toISOString().slice(0, 10);
  return {
    dash: await getDashboard(t.db, adminId, { tz: "Asia/Kolkata", range: "last30" }, now),
    today: await getDashboard(t.db, adminId, { tz: "UTC", range: "today" }, now),
    analytics: await getAnalytics(
      t.db,
      adminId,
      { from: day(12), to: day(0), granularity: "day", by: "network" },
      now,
    ),
  };
}

beforeAll(async () => {
  t = await startTestApp({ rollupCompaction: false });
  ({ a, b } = await twoTenants(t.app));
  const user = await addUser(a.id);
  // 48 offers over the last ten days, 6 in the last half hour (an hour still open).
  await addOffers(a.id, user, 48, (i) => 2 + (i % 10) * 24 + (i % 5));
  await addOffers(a.id, user, 6, () => 0);
  await addOffers(b.id, await addUser(b.id), 12, (i) => 30 + i);
}, 60_000);
afterAll(() => t?.close());

describe("rollup compaction", () => {
  it("folds every closed hour and day into one row and leaves every figure as it was", async () => {
    const before = { a: await figures(a.id), b: await figures(b.id) };
    const unfoldedHours = await rowsOf(sql`select count(*)::int as n from activity_hours
      where shard >= 0 and hour_start < date_trunc('hour', now()) - interval '1 hour'`);
    expect(unfoldedHours[0]?.n).toBeGreaterThan(20);

    expect(await compactRollups(t.db)).toBeGreaterThan(0);

    const closedHours =
      await rowsOf(sql`select admin_id, hour_start, count(*)::int as rows, min(shard) as shard
      from activity_hours where hour_start < date_trunc('hour', now()) - interval '1 hour'
      group by 1, 2 having count(*) > 1 or min(shard) <> -1`);
    expect(closedHours).toEqual([]);
    const closedDays = await rowsOf(sql`select admin_id, dimension, day, key from analytics_days
      where day < (now() at time zone 'UTC')::date - 1 group by 1, 2, 3, 4 having count(*) > 1 or min(shard) <> -1`);
    expect(closedDays).toEqual([]);
    // The open hour keeps its shards: the triggers are still writing to it.
    const openHour = await rowsOf(sql`select count(*)::int as n from activity_hours
      where admin_id = ${a.id} and hour_start >= date_trunc('hour', now()) and shard >= 0`);
    expect(openHour[0]?.n).toBeGreaterThan(0);

    expect({ a: await figures(a.id), b: await figures(b.id) }).toEqual(before);
    expect(await compactRollups(t.db)).toBe(0);
  });

  it("folds a later change to a folded period in the next round, its figures right all along", async () => {
    const old = offerIds[3] as string;
    await t.db.update(completedOffers).set({ status: "reversed" }).where(eq(completedOffers.id, old));
    const afterReversal = await figures(a.id);
    const relanded = await rowsOf(sql`select count(*)::int as n from activity_hours
      where admin_id = ${a.id} and shard >= 0 and hour_start < date_trunc('hour', now()) - interval '1 hour'`);
    expect(relanded[0]?.n).toBe(1);
    expect(await compactRollups(t.db)).toBeGreaterThan(0);
    expect(await figures(a.id)).toEqual(afterReversal);
    // The hours still equal a rebuild from the offers.
    const rebuilt = sql`select hour_start, sum(offers)::int as offers, sum(revenue)::float8 as revenue,
      sum(users)::int as users from activity_hours where admin_id = ${a.id} group by 1 order by 1`;
    const folded = await rowsOf(rebuilt);
    await t.db.execute(sql`select activity_rebuild(${a.id})`);
    expect(await rowsOf(rebuilt)).toEqual(folded);
  });

  it("stays exact while reversals and new credits land in the hours it is folding", async () => {
    const user = await addUser(a.id);
    await addOffers(a.id, user, 30, (i) => 3 + i);
    const sums = sql`select coalesce(sum(offers), 0)::int as offers, coalesce(sum(revenue), 0)::float8 as revenue
      from activity_hours where admin_id = ${a.id}`;
    const expected = sql`select count(*)::int as offers,
      coalesce(sum(payout) filter (where status = 'credited'), 0)::float8 as revenue
      from completed_offers where admin_id = ${a.id}`;
    const changes = offerIds.slice(-30).map((id, i) =>
      t.db
        .update(completedOffers)
        .set({ status: i % 2 ? "reversed" : "credited" })
        .where(eq(completedOffers.id, id)),
    );
    await Promise.all([
      ...changes,
      compactRollups(t.db, { batchSize: 3 }),
      foldOfferRollups(t.db, { batchSize: 4 }),
      compactRollups(t.db, { batchSize: 5 }),
    ]);
    await foldOfferRollups(t.db);
    await compactRollups(t.db);
    expect((await rowsOf(sums))[0]).toEqual((await rowsOf(expected))[0]);
  });
});
