import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { watchStatements } from "../../../test/support/statements.ts";
import { openTestDatabase } from "../../../test/support/test-database.ts";
import type { Database } from "../../db/client.ts";
import { getAppUserDetails } from "./app-users.service.ts";

// A user's details read the user with its referral figures in one statement, then its offers, devices,
// linked accounts (three lookups in one statement) and sign-up screening side by side.

let database: Database;
const app = "0190cccc-0000-7000-8000-000000000001";
const other = "0190cccc-0000-7000-8000-000000000002";
const id = (n: number) => `0190cccc-0000-7000-8000-0000000001${String(n).padStart(2, "0")}`;
const referrer = id(1);
const user = id(2);
const referral = id(3);
const sameVisitor = id(4);
const sameIp = id(5);
const sameDevice = id(6);
const elsewhere = id(7);

beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  for (const admin of [app, other]) {
    await db.execute(sql`insert into admins (id, full_name, username, password_hash, role, status)
      values (${admin}, 'Details', ${`${admin}@admins.test`}, 'x', 'admin', 'active')`);
  }
  await db.execute(sql`insert into app_users (id, admin_id, username, refer_code, referred_by, visitor_id, ip_signup)
    values (${referrer}, ${app}, 'referrer@users.test', 'r1', null, null, null),
      (${user}, ${app}, 'user@users.test', 'u1', ${referrer}, 'visitor-1', '198.51.100.7'),
      (${referral}, ${app}, 'referral@users.test', 'f1', ${user}, null, null),
      (${sameVisitor}, ${app}, 'visitor@users.test', 'v1', null, 'visitor-1', null),
      (${sameIp}, ${app}, 'ip@users.test', 'i1', null, null, '198.51.100.7'),
      (${sameDevice}, ${app}, 'device@users.test', 'd1', null, null, null),
      (${elsewhere}, ${other}, 'elsewhere@users.test', 'e1', null, 'visitor-1', '198.51.100.7')`);
  await db.execute(sql`insert into app_user_devices (id, admin_id, user_id, gaid)
    values (gen_random_uuid(), ${app}, ${user}, 'gaid-shared'), (gen_random_uuid(), ${app}, ${sameDevice}, 'gaid-shared'),
      (gen_random_uuid(), ${other}, ${elsewhere}, 'gaid-shared')`);
  await db.execute(sql`insert into points_ledger (id, admin_id, user_id, amount, reason)
    values (gen_random_uuid(), ${app}, ${user}, 50, 'referral'), (gen_random_uuid(), ${app}, ${user}, -20, 'referral_reversal'),
      (gen_random_uuid(), ${app}, ${user}, 999, 'admin_adjustment')`);
}, 60_000);
afterAll(() => database?.close());

it("answers the referrer, the referrals' count and points, and each linked account of the app once", async () => {
  const details = await getAppUserDetails(database.db, app, user);
  expect(details).toMatchObject({
    referredBy: { _id: referrer, username: "referrer@users.test" },
    usersReferedCount: 1,
    sum: 30,
  });
  expect(details?.linkedAccounts).toEqual([
    { _id: sameVisitor, username: "visitor@users.test", via: "visitor" },
    { _id: sameDevice, username: "device@users.test", via: "device" },
    { _id: sameIp, username: "ip@users.test", via: "ip" },
  ]);
  expect(await getAppUserDetails(database.db, app, referrer)).toMatchObject({
    referredBy: null,
    usersReferedCount: 1,
    linkedAccounts: [],
  });
  // Another app's user is not found, whatever it shares.
  expect(await getAppUserDetails(database.db, other, user)).toBeNull();
});

it("reads them in five statements, one when the user is not the app's", async () => {
  const tables = ["app_users", "completed_offers", "app_user_devices", "ip_screenings", "points_ledger"];
  const found = watchStatements(database.db, tables);
  await getAppUserDetails(database.db, app, user);
  found.stop();
  expect(found.sent()).toHaveLength(5);
  const missing = watchStatements(database.db, tables);
  await getAppUserDetails(database.db, other, user);
  missing.stop();
  expect(missing.sent()).toHaveLength(1);
});
