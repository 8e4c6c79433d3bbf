import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { foldListPositions } from "../../src/db/list-positions.ts";
import {
  hourBucket,
  numberBounds,
  numberBucket,
  textBounds,
  textBucket,
} from "../../src/lib/list-buckets.ts";
import { listAppUsers } from "../../src/modules/app-users/app-users.service.ts";
import { listOffers } from "../../src/modules/offers/offers.service.ts";
import { listRedeems } from "../../src/modules/redeems/redeem-queries.ts";
import { openTestDatabase } from "../support/test-database.ts";
import { indexRows, seedLists } from "./seed.ts";

const adminId = "0190bbbb-0000-7000-8000-000000000001";
let database: Database;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const waitingMoves = async () =>
  Number(
    rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from list_position_changes`),
    )[0]?.n,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  await seedLists(database.db, adminId, "t", 0.2);
}, 60_000);
afterAll(() => database.close());

describe("bucket functions", () => {
  it("give the same number buckets in SQL and in the server, keep the order, and bound each bucket", async () => {
    const values = new Set<bigint>([0n, 1n, -1n, 2n, -2n]);
    for (let bit = 0n; bit < 62n; bit += 1n)
      for (const delta of [-1n, 0n, 1n]) {
        values.add((1n << bit) + delta);
        values.add(-((1n << bit) + delta));
      }
    for (let step = 0n; step < 400n; step += 1n) values.add(step * 7919n - 1_000n);
    values.add(9_223_372_036_854_775_807n);
    values.add(-9_223_372_036_854_775_807n);
    const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const answered = rowsOf<{ v: string; b: string }>(
      await database.db.execute(sql`select v::text as v, list_number_bucket(v)::text as b
        from unnest(${`{${sorted.join(",")}}`}::bigint[]) as v`),
    );
    expect(answered).toHaveLength(sorted.length);
    let previous: bigint | undefined;
    for (const { v, b } of answered) {
      const value = BigInt(v);
      const bucket = numberBucket(value);
      expect(bucket, `bucket of ${v}`).toBe(BigInt(b));
      if (previous !== undefined) expect(bucket >= previous, `order at ${v}`).toBe(true);
      previous = bucket;
      if (value > -(1n << 61n) && value < 1n << 61n) {
        const { lo, hi } = numberBounds(bucket);
        expect(lo <= value && value < hi, `${v} within its bounds`).toBe(true);
        expect(numberBucket(lo)).toBe(bucket);
        expect(numberBucket(hi - 1n)).toBe(bucket);
        expect(numberBucket(lo - 1n)).toBe(bucket - 1n);
        expect(numberBucket(hi)).toBe(bucket + 1n);
      }
    }
    // A few hundred buckets cover any realistic range: 0 to a billion points.
    expect(numberBucket(1_000_000_000n)).toBeLessThan(2_000n);
  });

  it("give the same hour buckets in SQL and in the server, at and around hour boundaries", async () => {
    const instants = ["1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "2026-03-01T00:59:59.999Z"];
    instants.push("2026-03-01T01:00:00.000Z", "2026-03-01T01:00:00.001Z", "2099-12-31T23:30:00.000Z");
    const answered = rowsOf<{ b: string }>(
      await database.db.execute(sql`select list_time_bucket(at)::text as b
        from unnest(${`{${instants.join(",")}}`}::timestamptz[]) with ordinality as x(at, n) order by n`),
    );
    expect(answered.map((row) => Number(row.b))).toEqual(instants.map((at) => hourBucket(new Date(at))));
  });
});

describe("text buckets", () => {
  // Around every edge: no second character, U+0001, the last code point before the surrogates and the
  // first after, three- and four-byte UTF-8, the last code point of all.
  const texts = [
    "",
    "a",
    "a\u0001",
    "a!",
    "ab",
    "abc",
    "a\u007f",
    "a\u0080",
    "A",
    "Z",
    "_",
    "0",
    "é",
    "Élise",
  ];
  texts.push(
    "z\ud7ff",
    "z\ue000",
    "z\uffff",
    "z\u{10000}",
    "z\u{10ffff}",
    "名前",
    "😀",
    "😀😀",
    "\u{10ffff}",
  );
  texts.push("\u{10ffff}\u{10ffff}", "\ud7ff", "\ue000", "\uffff", "a\u{10ffff}", "b", "b\u0001");

  it("give the same bucket in SQL and in the server, in byte order, each text within its bucket's bounds", async () => {
    const rows = texts.map((v) => ({ v, ...textBounds(textBucket(v)) }));
    const answered = rowsOf<{ v: string; b: string; within: boolean }>(
      await database.db.execute(sql`select v, list_text_bucket(v)::text as b,
          v collate "C" >= lo and (hi is null or v collate "C" < hi) as within
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(v text, lo text, hi text)
        order by v collate "C"`),
    );
    expect(answered).toHaveLength(texts.length);
    let previous = -1;
    for (const { v, b, within } of answered) {
      expect(textBucket(v), `bucket of ${JSON.stringify(v)}`).toBe(Number(b));
      expect(Number(b) >= previous, `order at ${JSON.stringify(v)}`).toBe(true);
      previous = Number(b);
      expect(within, `${JSON.stringify(v)} within its bounds`).toBe(true);
    }
  });

  it("bound each bucket exactly: its lower bound is in it, its upper bound in the next one", () => {
    for (const text of texts) {
      const bucket = textBucket(text);
      const { lo, hi } = textBounds(bucket);
      expect(textBucket(lo), JSON.stringify(text)).toBe(bucket);
      if (hi === undefined) expect(text.startsWith("\u{10ffff}\u{10ffff}")).toBe(true);
      else expect(textBucket(hi), JSON.stringify(text)).toBeGreaterThan(bucket);
    }
    // The one-letter text is alone in its bucket; the next starts with U+0001 after it.
    expect(textBounds(textBucket("a"))).toEqual({ lo: "a", hi: "a\u0001" });
    expect(textBounds(textBucket("z\ud7ff")).hi).toBe("z\ue000");
  });
});

describe("the position index's triggers", () => {
  const sums = async (list: string, sort: string) =>
    (await indexRows(database.db, adminId))
      .filter((row) => row.list === list && row.sort === sort)
      .map(({ filter, bucket, rows }) => `${filter}|${bucket}|${rows}`);

  it("move a user's counts on insert, on a points change into another bucket, on a ban, and on delete", async () => {
    const userId = "0190bbbb-0000-7000-8000-0000000000aa";
    const before = await sums("users", "points");
    const total = async (filter: string) =>
      (await indexRows(database.db, adminId)).find(
        (row) => row.list === "users" && row.sort === "" && row.filter === filter,
      )?.rows ?? 0;
    const active = await total("status=active");
    await database.db.execute(sql`insert into app_users (id, admin_id, username, refer_code, points)
      values (${userId}, ${adminId}, 'mover@deep.test', 'mover', 5000)`);
    const bucketOf = async () => (await sums("users", "points")).filter((row) => !before.includes(row));
    const big = numberBucket(5000n).toString();
    expect(await total("status=active")).toBe(active + 1);
    expect((await bucketOf()).some((row) => row.startsWith(`|${big}|`))).toBe(true);
    // Within the same bucket: nothing moves.
    const settled = await indexRows(database.db, adminId);
    await database.db.execute(sql`update app_users set points = 5001 where id = ${userId}`);
    expect(await indexRows(database.db, adminId)).toEqual(settled);
    // Into another bucket: the old one gives the row back, the new one takes it.
    await database.db.execute(sql`update app_users set points = -40 where id = ${userId}`);
    const moved = await bucketOf();
    expect(moved.some((row) => row.startsWith(`|${big}|`))).toBe(false);
    expect(moved.some((row) => row.startsWith(`status=active|${numberBucket(-40n)}|`))).toBe(true);
    await database.db.execute(sql`update app_users set is_active = false where id = ${userId}`);
    expect(await total("status=active")).toBe(active);
    await database.db.execute(sql`delete from app_users where id = ${userId}`);
    expect(await sums("users", "points")).toEqual(before);
  });

  it("move a user's e-mail bucket when the e-mail's first characters change, and only then", async () => {
    const userId = "0190bbbb-0000-7000-8000-0000000000ab";
    const before = await sums("users", "username");
    await database.db.execute(sql`insert into app_users (id, admin_id, username, refer_code)
      values (${userId}, ${adminId}, 'qq-mover@deep.test', 'qmover')`);
    const added = (await sums("users", "username")).filter((row) => !before.includes(row));
    expect(added.some((row) => row.startsWith(`|${textBucket("qq")}|`))).toBe(true);
    const settled = await indexRows(database.db, adminId);
    await database.db.execute(sql`update app_users set username = 'qq-other@deep.test' where id = ${userId}`);
    expect(await indexRows(database.db, adminId)).toEqual(settled);
    await database.db.execute(sql`update app_users set username = 'Ωmega@deep.test' where id = ${userId}`);
    const moved = (await sums("users", "username")).filter((row) => !before.includes(row));
    expect(moved.some((row) => row.startsWith(`|${textBucket("qq")}|`))).toBe(false);
    expect(moved.some((row) => row.startsWith(`status=active|${textBucket("Ωm")}|`))).toBe(true);
    await database.db.execute(sql`delete from app_users where id = ${userId}`);
    expect(await sums("users", "username")).toEqual(before);
  });

  it("move a redeem between status and risk filters, and count exact totals for enumerable filters", async () => {
    const list = (filter: Record<string, unknown>) =>
      listRedeems(database.db, adminId, {
        filter,
        sortField: "redeemDate",
        sortOrder: "desc",
        pageNumber: 1,
        pageSize: 5,
      });
    const pending = await list({ status: 0 });
    const sent = await list({ status: 1 });
    expect(pending.totalCountKind).toBe("exact");
    const [redeem] = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`select id from redeems where admin_id = ${adminId} and status = 0 and cardinality(risk_reasons) = 0 limit 1`,
      ),
    );
    await database.db.execute(
      sql`update redeems set status = 1, risk_reasons = array['vpn'] where id = ${redeem?.id}`,
    );
    expect((await list({ status: 0 })).totalCount).toBe(pending.totalCount - 1);
    expect((await list({ status: 1 })).totalCount).toBe(sent.totalCount + 1);
    const counted = rowsOf<{ risky: number; sent: number }>(
      await database.db.execute(sql`select count(*) filter (where cardinality(risk_reasons) > 0)::int as risky,
        count(*) filter (where status = 1)::int as sent from redeems where admin_id = ${adminId}`),
    )[0];
    expect(await list({ risky: true })).toMatchObject({
      totalCount: counted?.risky,
      totalCountKind: "exact",
    });
    expect(await list({ status: 1 })).toMatchObject({ totalCount: counted?.sent, totalCountKind: "exact" });
    const offers = await listOffers(database.db, adminId, {
      filter: { network: "bitlabs" },
      sortField: "payout",
      sortOrder: "asc",
      pageNumber: 1,
      pageSize: 5,
    });
    const [ayet] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from completed_offers where admin_id = ${adminId} and network = 'bitlabs'`,
      ),
    );
    expect(offers).toMatchObject({ totalCount: ayet?.n, totalCountKind: "exact" });
    const banned = await listAppUsers(database.db, adminId, {
      filter: { status: 2 },
      sortField: "points",
      sortOrder: "desc",
      pageNumber: 1,
      pageSize: 5,
    });
    const [bannedCount] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from app_users where admin_id = ${adminId} and not is_active`,
      ),
    );
    expect(banned).toMatchObject({ totalCount: bannedCount?.n, totalCountKind: "exact" });
  });

  it("are matched by the rebuild, after inserts, updates and deletes on every list", async () => {
    await database.db.execute(sql`update completed_offers set payout = payout + 3, network = 'moved', date = date + interval '3 hours'
      where admin_id = ${adminId} and transaction_id like 'tx1%'`);
    await database.db.execute(
      sql`delete from completed_offers where admin_id = ${adminId} and transaction_id like 'tx2%'`,
    );
    await database.db.execute(sql`update redeems set reward_cost = reward_cost * 3, redeem_date = redeem_date - interval '1 day'
      where admin_id = ${adminId} and redeem_email like 'r1%'`);
    await database.db.execute(
      sql`update postback_log set outcome = 'pending' where admin_id = ${adminId} and network = 'cpxresearch'`,
    );
    await database.db.execute(
      sql`delete from audit_log where admin_id = ${adminId} and action = 'user.update'`,
    );
    await database.db.execute(sql`update app_users set points = points * 1000 + 17, created_at = created_at + interval '90 minutes'
      where admin_id = ${adminId} and refer_code like 't%1'`);
    await database.db.execute(sql`update app_users set username = 'moved-' || username
      where admin_id = ${adminId} and refer_code like 't%3'`);
    const kept = await indexRows(database.db, adminId);
    expect(kept.length).toBeGreaterThan(50);
    expect(new Set(kept.map((row) => row.list))).toEqual(
      new Set(["users", "offers", "redeems", "postbacks", "audit"]),
    );
    await database.db.execute(sql`select list_buckets_rebuild(${adminId})`);
    expect(await indexRows(database.db, adminId)).toEqual(kept);
    expect(await waitingMoves()).toBe(0);
  });

  it("wait as moves until a fold adds them to the index in batches, and read the same before and after", async () => {
    await database.db.execute(sql`update app_users set points = points + 100000
      where admin_id = ${adminId} and refer_code like 't%2'`);
    await database.db.execute(sql`update completed_offers set payout = payout + 7, network = 'adgem'
      where admin_id = ${adminId} and transaction_id like 'tx3%'`);
    await database.db.execute(
      sql`delete from redeems where admin_id = ${adminId} and redeem_email like 'r2%'`,
    );
    const waiting = await waitingMoves();
    expect(waiting).toBeGreaterThan(10);
    const seen = await indexRows(database.db, adminId);
    // Batches smaller than the queue: each its own transaction, until a batch finds fewer than its size.
    expect(await foldListPositions(database.db, { batchSize: 7 })).toBe(waiting);
    expect(await waitingMoves()).toBe(0);
    expect(await indexRows(database.db, adminId)).toEqual(seen);
    expect(await foldListPositions(database.db)).toBe(0);
    await database.db.execute(sql`select list_buckets_rebuild(${adminId})`);
    expect(await indexRows(database.db, adminId)).toEqual(seen);
  });
});
