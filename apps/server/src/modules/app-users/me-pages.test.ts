import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchStatements } from "../../../test/support/statements.ts";
import { openTestDatabase } from "../../../test/support/test-database.ts";
import type { Database } from "../../db/client.ts";
import { myLedger, myOffers, myRedeems } from "./me.service.ts";

// The app's own pages (/me/offers, /me/ledger, /me/redeems) bring their total with their rows: one
// statement a page. Only an empty page past the first asks the count on its own.

let database: Database;
const a = { id: "0190bbbb-0000-7000-8000-000000000001" };
const b = { id: "0190bbbb-0000-7000-8000-000000000002" };
const ids = { mine: "", neighbour: "", none: "", other: "" };

async function addUser(adminId: string, name: string): Promise<string> {
  const { rows } = (await database.db.execute(sql`
    insert into app_users (id, admin_id, username, refer_code)
    values (gen_random_uuid(), ${adminId}, ${`${name}@users.test`}, ${name}) returning id`)) as unknown as {
    rows: { id: string }[];
  };
  return rows[0]?.id ?? "";
}

/** `count` offers, their ledger credits and `count - 1` redeems of a user, a day apart. */
async function addRows(adminId: string, userId: string, count: number) {
  await database.db.execute(sql`
    insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points, status, date)
    select gen_random_uuid(), ${adminId}, ${userId}, 'cpxresearch', ${userId} || '-' || n, 'Survey ' || n, 1, 100 * n,
      'credited', now() - (${count} - n) * interval '1 day'
    from generate_series(1, ${count}) as n`);
  await database.db.execute(sql`
    insert into points_ledger (id, admin_id, user_id, amount, reason, bucket, created_at)
    select gen_random_uuid(), ${adminId}, ${userId}, 100 * n, 'admin_adjustment', 'available',
      now() - (${count} - n) * interval '1 day'
    from generate_series(1, ${count}) as n`);
  await database.db.execute(sql`
    insert into redeems (id, admin_id, user_id, reward_name, reward_amount, reward_cost, redeem_email, status, redeem_date)
    select gen_random_uuid(), ${adminId}, ${userId}, 'Gift ' || n, '$' || n, 1000 * n, 'me@users.test', 0,
      now() - (${count} - n) * interval '1 day'
    from generate_series(1, ${count} - 1) as n`);
}

beforeAll(async () => {
  database = await openTestDatabase();
  for (const [admin, name] of [
    [a, "pages-a"],
    [b, "pages-b"],
  ] as const) {
    await database.db.execute(sql`insert into admins (id, full_name, username, password_hash, role, status)
      values (${admin.id}, ${name}, ${`${name}@admins.test`}, 'x', 'admin', 'active')`);
  }
  ids.mine = await addUser(a.id, "pages-mine");
  ids.neighbour = await addUser(a.id, "pages-neighbour");
  ids.none = await addUser(a.id, "pages-none");
  ids.other = await addUser(b.id, "pages-other");
  await addRows(a.id, ids.mine, 3);
  await addRows(a.id, ids.neighbour, 5);
  await addRows(b.id, ids.other, 4);
});
afterAll(() => database?.close());

const pages = { offers: myOffers, ledger: myLedger, redeems: myRedeems };
// The rows each list has of "mine" (3 offers, 3 credits, 2 redeems).
const mineHas = { offers: 3, ledger: 3, redeems: 2 };
const at = (page: number, pageSize = 2) => ({ page, pageSize });

describe.each(Object.keys(pages) as (keyof typeof pages)[])("my %s", (list) => {
  const read = pages[list];

  it("answers each page with the user's own total, newest first", async () => {
    const owner = { adminId: a.id, userId: ids.mine };
    const first = await read(database.db, owner, at(1));
    const second = await read(database.db, owner, at(2));
    expect([first.totalCount, second.totalCount]).toEqual([mineHas[list], mineHas[list]]);
    expect(first.entities).toHaveLength(2);
    expect(second.entities).toHaveLength(mineHas[list] - 2);
    const all = await read(database.db, owner, at(1, 10));
    expect(all.entities.map((row) => row._id)).toEqual(
      [...first.entities, ...second.entities].map((row) => row._id),
    );
  });

  it("answers the total for a page past the end, and 0 for a user without rows", async () => {
    expect(await read(database.db, { adminId: a.id, userId: ids.mine }, at(3))).toMatchObject({
      totalCount: mineHas[list],
      page: 3,
      entities: [],
    });
    for (const page of [1, 2]) {
      expect(await read(database.db, { adminId: a.id, userId: ids.none }, at(page))).toMatchObject({
        totalCount: 0,
        entities: [],
      });
    }
  });

  it("never counts another app's rows for the same user id", async () => {
    const page = await read(database.db, { adminId: a.id, userId: ids.other }, at(1));
    expect(page).toMatchObject({ totalCount: 0, entities: [] });
  });
});

describe("round trips", () => {
  const tables = ["completed_offers", "points_ledger", "redeems"];

  it.each(Object.keys(pages) as (keyof typeof pages)[])(
    "reads a page of my %s and its total in one statement",
    async (list) => {
      const statements = watchStatements(database.db, tables);
      const page = await pages[list](database.db, { adminId: a.id, userId: ids.mine }, at(1));
      statements.stop();
      expect(page.totalCount).toBe(mineHas[list]);
      expect(statements.sent()).toHaveLength(1);
    },
  );

  it("counts on its own only for an empty page past the first", async () => {
    const statements = watchStatements(database.db, tables);
    await myOffers(database.db, { adminId: a.id, userId: ids.none }, at(1));
    expect(statements.sent()).toHaveLength(1);
    await myOffers(database.db, { adminId: a.id, userId: ids.mine }, at(5));
    statements.stop();
    expect(statements.sent()).toHaveLength(3);
  });
});
