import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database.ts";
import { redeemsTrigramPendingListKb, usersTrigramPendingListKb } from "./schema/index.ts";

// The planner knows an app only from the last ANALYZE: one created since, beside a big app, is estimated at
// one row and its lists read all of its rows (migration 0032). The tables an app's calls filter are analyzed
// after 1% of their rows change, not the default 10%.

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

it("analyzes the tables of an app's lists and lookups after 1% of their rows change", async () => {
  const result = (await database.db.execute(sql`
    select relname as table, reloptions as options from pg_class
     where relkind = 'r' and relnamespace = 'public'::regnamespace
       and relname in ('app_users', 'completed_offers', 'points_ledger', 'redeems', 'postback_log', 'audit_log')
     order by relname`)) as unknown as { rows: { table: string; options: string[] | null }[] };
  expect(result.rows).toEqual(
    ["app_users", "audit_log", "completed_offers", "points_ledger", "postback_log", "redeems"].map(
      (table) => ({
        table,
        options: ["autovacuum_analyze_scale_factor=0.01"],
      }),
    ),
  );
});

it("sizes the e-mail trigram indexes' pending lists: the users' for the credits that fill it, the redeems' short", async () => {
  const result = (await database.db.execute(sql`
    select relname as index, reloptions as options from pg_class
     where relkind = 'i' and relname in ('app_users_username_trgm_idx', 'redeems_email_trgm_idx')
     order by relname`)) as unknown as { rows: { index: string; options: string[] | null }[] };
  expect(result.rows).toEqual([
    {
      index: "app_users_username_trgm_idx",
      options: [`gin_pending_list_limit=${usersTrigramPendingListKb}`],
    },
    { index: "redeems_email_trgm_idx", options: [`gin_pending_list_limit=${redeemsTrigramPendingListKb}`] },
  ]);
});
