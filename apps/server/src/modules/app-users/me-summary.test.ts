import type { AppMe } from "@rewards/contract";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { planNodes } from "../../../test/support/plans.ts";
import { watchStatements } from "../../../test/support/statements.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { meSummary, meSummaryStatement } from "./me.service.ts";

// GET /me's summary reads a user's next release from their own held credits. The release job's index
// (every held credit, by release time) also answers min(release_at); walking it skipped every other
// user's held credit on each call, however many there were.

let t: TestApp;
let a: Tenant;
const hourMs = 3_600_000;
const soon = (hours: number) => new Date(Date.now() + hours * hourMs);
const ids = { held: "", none: "" };

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
  const users = (await t.db.execute(sql`
    insert into app_users (id, admin_id, username, refer_code)
    select gen_random_uuid(), ${a.id}, 'holds-' || n || '@users.test', 'h' || n from generate_series(1, 52) as n
    returning id, username`)) as unknown as { rows: { id: string; username: string }[] };
  const idOf = (n: number) => users.rows.find((row) => row.username === `holds-${n}@users.test`)?.id ?? "";
  ids.held = idOf(51);
  ids.none = idOf(52);
  // 3,000 held credits of 50 other users, all due before this user's.
  await t.db.execute(sql`
    insert into point_holds (id, app_id, user_id, points, release_at, status, reason)
    select gen_random_uuid(), ${a.id}, u.id, 10, now() + (n % 20 + 1) * interval '1 minute', 'held', 'crowd'
    from generate_series(1, 3000) as n
    join app_users u on u.admin_id = ${a.id} and u.username = 'holds-' || (n % 50 + 1) || '@users.test'`);
  // This user's: released (earliest), then held in 3 and in 5 hours.
  await t.db.execute(sql`
    insert into point_holds (id, app_id, user_id, points, release_at, status, reason) values
      (gen_random_uuid(), ${a.id}, ${ids.held}, 5, ${soon(1).toISOString()}, 'released', 'mine'),
      (gen_random_uuid(), ${a.id}, ${ids.held}, 5, ${soon(5).toISOString()}, 'held', 'mine'),
      (gen_random_uuid(), ${a.id}, ${ids.held}, 5, ${soon(3).toISOString()}, 'held', 'mine')`);
  await t.db.execute(sql`analyze point_holds`);
});
afterAll(() => t?.close());

it("answers the user's next release of a held credit, and none for a user without one", async () => {
  const mine = await meSummary(t.db, { adminId: a.id, userId: ids.held });
  expect(Math.abs((mine.nextReleaseAt?.getTime() ?? 0) - soon(3).getTime())).toBeLessThan(60_000);
  expect(await meSummary(t.db, { adminId: a.id, userId: ids.none })).toEqual({
    referralCount: 0,
    nextReleaseAt: null,
  });
});

it("reads only the user's own held credits, in the plan one statement keeps for every user", async () => {
  const query = new PgDialect().sqlToQuery(meSummaryStatement);
  const owner: Record<string, string> = { adminId: a.id, userId: ids.none };
  const values = query.params.map((param) => owner[(param as { name: string }).name] ?? "");
  const holdsNodes = await t.db.transaction(async (tx) => {
    // The plan kept after a statement's first calls: the one that serves every user.
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    const types = values.map(() => "uuid").join(", ");
    await tx.execute(sql.raw(`prepare me_summary_probe (${types}) as ${query.sql}`));
    const args = values.map((value) => `'${value}'`).join(", ");
    const result = await tx.execute(
      sql.raw(`explain (analyze, format json) execute me_summary_probe(${args})`),
    );
    await tx.execute(sql`deallocate me_summary_probe`);
    return planNodes(result).filter((node) => node["Relation Name"] === "point_holds");
  });
  expect(holdsNodes.map((node) => node["Index Name"])).toEqual(["point_holds_user_held_idx"]);
  expect(holdsNodes[0]?.["Rows Removed by Filter"] ?? 0).toBe(0);
});

it("GET /me reads the session, the user and the summary in one statement", async () => {
  const key = await appKeyOf(t.db, a.id);
  const referrer = await signUpOk(t.app, key, "me-summary-referrer@users.test");
  const friend = await signUpOk(t.app, key, "me-summary-friend@users.test", {
    referralCode: referrer.user.referCode,
  });
  await t.db.execute(sql`
    insert into point_holds (id, app_id, user_id, points, release_at, status, reason)
    values (gen_random_uuid(), ${a.id}, ${referrer.user._id}, 5, ${soon(2).toISOString()}, 'held', 'mine')`);

  const watch = watchStatements(t.db, ["app_users", "app_user_sessions", "point_holds"]);
  const response = await appCall(t.app, { url: "/me", key, token: referrer.accessToken });
  watch.stop();
  expect(response.statusCode, response.body).toBe(200);
  const me = response.json<AppMe>();
  expect(me.referralCount).toBe(1);
  expect(Math.abs(Date.parse(me.balance.nextReleaseAt ?? "") - soon(2).getTime())).toBeLessThan(60_000);
  expect(watch.sent()).toHaveLength(1);
  // Nothing held, nobody referred.
  const friendMe = (await appCall(t.app, { url: "/me", key, token: friend.accessToken })).json<AppMe>();
  expect([friendMe.referralCount, friendMe.balance.nextReleaseAt]).toEqual([0, null]);

  // Signed out: the same statement finds no session, and the call is refused.
  await appCall(t.app, { method: "POST", url: "/auth/sign-out", key, token: referrer.accessToken });
  expect((await appCall(t.app, { url: "/me", key, token: referrer.accessToken })).statusCode).toBe(401);
});
