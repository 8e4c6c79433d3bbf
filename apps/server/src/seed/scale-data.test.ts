import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerMismatches, offerTotalsMismatches } from "../../test/support/tenants.ts";
import { openTestDatabase } from "../../test/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { createScaleAdmin, type ScaleResult, seedScaleData } from "./scale-data.ts";

let database: Database;
let adminId: string;
let result: ScaleResult;
let indexesBefore: string[];
const now = new Date("2026-11-20T12:00:00Z");

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const one = async (query: ReturnType<typeof sql>) =>
  Number(Object.values((await rows<object>(query))[0] ?? {})[0]);
const indexNames = async () =>
  (
    await rows<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = 'public' order by 1`,
    )
  ).map((row) => row.indexname);

beforeAll(async () => {
  database = await openTestDatabase();
  indexesBefore = await indexNames();
  adminId = await createScaleAdmin(database.db, "scale@bench.test", "scale-password-42");
  // rebuildIndexes: true takes the bulk-load path (drop, load, build) that big loads take.
  result = await seedScaleData(database.db, adminId, {
    users: 400,
    offers: 4000,
    redeems: 300,
    now,
    rebuildIndexes: true,
    batchSize: 1500,
  });
}, 120_000);
afterAll(() => database.close());

describe("the scale seed", () => {
  it("makes the sizes asked for, with devices and every kind of ledger row", async () => {
    expect(result).toMatchObject({ users: 400, offers: 4000, redeems: 300, indexesRebuilt: true });
    expect(await one(sql`select count(*) from app_users where admin_id = ${adminId}`)).toBe(400);
    expect(await one(sql`select count(*) from completed_offers where admin_id = ${adminId}`)).toBe(4000);
    expect(await one(sql`select count(*) from redeems where admin_id = ${adminId}`)).toBe(300);
    expect(result.devices).toBeGreaterThanOrEqual(400);
    const reasons = await rows<{ reason: string }>(
      sql`select distinct reason from points_ledger where admin_id = ${adminId} order by reason`,
    );
    expect(reasons.map((row) => row.reason)).toEqual([
      "offer",
      "offer_reversal",
      "redeem",
      "redeem_refund",
      "referral",
      "referral_reversal",
    ]);
    const statuses = await rows<{ status: number }>(
      sql`select distinct status from redeems where admin_id = ${adminId} order by status`,
    );
    expect(statuses.map((row) => row.status)).toEqual([0, 1, 2]);
  });

  it("keeps every balance equal to its ledger, never below zero", async () => {
    expect(await ledgerMismatches(database.db)).toEqual([]);
    expect(await one(sql`select count(*) from app_users where admin_id = ${adminId} and points < 0`)).toBe(0);
    expect(
      await one(sql`select count(*) from app_users where admin_id = ${adminId} and points > 0`),
    ).toBeGreaterThan(0);
  });

  it("holds each redeem's cost unless it is rejected", async () => {
    const wrong = await rows(sql`
      select r.id from redeems r left join points_ledger l on l.reference_id = r.id
      where r.admin_id = ${adminId}
      group by r.id, r.status, r.reward_cost
      having coalesce(sum(l.amount), 0) <> case when r.status = 2 then 0 else -r.reward_cost end`);
    expect(wrong).toEqual([]);
  });

  it("leaves no reference dangling (foreign keys were not checked during the load)", async () => {
    const dangling = await one(sql`select
      (select count(*) from completed_offers o where not exists (select 1 from app_users u where u.id = o.user_id))
      + (select count(*) from completed_offers o where o.referrer_id is not null
           and not exists (select 1 from app_users u where u.id = o.referrer_id))
      + (select count(*) from app_users a where a.referred_by is not null
           and not exists (select 1 from app_users u where u.id = a.referred_by))
      + (select count(*) from app_user_devices d where not exists (select 1 from app_users u where u.id = d.user_id))
      + (select count(*) from points_ledger l where not exists (select 1 from app_users u where u.id = l.user_id))
      + (select count(*) from redeems r where not exists (select 1 from app_users u where u.id = r.user_id))`);
    expect(dangling).toBe(0);
    expect(await one(sql`select count(*) from app_users where referred_by is not null`)).toBeGreaterThan(0);
  });

  it("dates every offer and redeem after its user's sign-up, within the last 90 days", async () => {
    const early = await one(sql`select count(*) from completed_offers o join app_users u on u.id = o.user_id
      where o.date < u.created_at`);
    expect(early).toBe(0);
    const earlyRedeems = await one(sql`select count(*) from redeems r join app_users u on u.id = r.user_id
      where r.redeem_date < u.created_at`);
    expect(earlyRedeems).toBe(0);
    const outside = await one(sql`select count(*) from completed_offers
      where date < ${new Date(now.getTime() - 90 * 86_400_000)} or date > ${now}`);
    expect(outside).toBe(0);
  });

  it("builds back every index and leaves the dashboard's slots, totals and payouts as a rebuild makes them", async () => {
    expect(await indexNames()).toEqual(indexesBefore);
    const slots = sql`select bucket_start, shard, users, offers, revenue, redeems from activity_buckets
      where admin_id = ${adminId} order by bucket_start, shard`;
    const totals = sql`select shard, users, offers, revenue, redeems from activity_totals
      where admin_id = ${adminId} order by shard`;
    const hours = sql`select hour_start, shard, users, offers, revenue, redeems from activity_hours
      where admin_id = ${adminId} order by hour_start, shard`;
    const payouts = sql`select day, method, shard, redeems, points from payout_days
      where admin_id = ${adminId} order by day, method, shard`;
    const [slotsBefore, hoursBefore, totalsBefore, payoutsBefore] = [
      await rows(slots),
      await rows(hours),
      await rows(totals),
      await rows(payouts),
    ];
    expect(slotsBefore.length).toBeGreaterThan(0);
    expect(hoursBefore.length).toBeGreaterThan(0);
    await database.db.execute(sql`select activity_rebuild(${adminId})`);
    expect(await rows(slots)).toEqual(slotsBefore);
    expect(await rows(hours)).toEqual(hoursBefore);
    expect(await rows(totals)).toEqual(totalsBefore);
    expect(payoutsBefore.length).toBeGreaterThan(0);
    await database.db.execute(sql`select payout_days_rebuild(${adminId})`);
    expect(await rows(payouts)).toEqual(payoutsBefore);
    expect(await one(sql`select sum(offers) from activity_totals where admin_id = ${adminId}`)).toBe(4000);
  });

  it("leaves each user's offer totals (what the hold rules read) equal to their offers", async () => {
    expect(
      await one(sql`select count(*) from user_offer_totals where admin_id = ${adminId} and reversals > 0`),
    ).toBeGreaterThan(0);
    expect(await offerTotalsMismatches(database.db, adminId)).toEqual([]);
  });

  it("turns the activity triggers back on", async () => {
    const users = sql`select coalesce(sum(users), 0) from activity_totals where admin_id = ${adminId}`;
    const before = await one(users);
    await database.db.execute(sql`insert into app_users (id, admin_id, username, refer_code)
      values (gen_random_uuid(), ${adminId}, 'after-the-load@bench.test', 'ZZZZZZ')`);
    expect(await one(users)).toBe(before + 1);
  });

  it("refuses an administrator that has users already, and an e-mail that is taken", async () => {
    await expect(seedScaleData(database.db, adminId, { users: 1, offers: 0, redeems: 0 })).rejects.toThrow(
      "already has app users",
    );
    await expect(createScaleAdmin(database.db, "scale@bench.test", "x")).rejects.toThrow("already exists");
  });
});
