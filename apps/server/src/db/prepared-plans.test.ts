import { randomUUID } from "node:crypto";
import { userStatus } from "@rewards/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { conversionOf, readUserHistory } from "../../test/support/conversions.ts";
import { type Tenant, twoTenants } from "../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../test/support/test-app.ts";
import { getAppUserDetails, listAppUsers } from "../modules/app-users/app-users.service.ts";
import { listAudit } from "../modules/audit/audit.service.ts";
import { listCountries } from "../modules/catalog/countries.service.ts";
import { listRewardItems } from "../modules/catalog/reward-items.service.ts";
import { listRewards } from "../modules/catalog/rewards.service.ts";
import { getDashboard } from "../modules/dashboard/dashboard.service.ts";
import { getOfferDetails, listOffers } from "../modules/offers/offers.service.ts";
import { applyConversion, type Rules } from "../modules/postbacks/apply-conversion.ts";
import { listPostbacks } from "../modules/postbacks/postback-log.service.ts";
import { loadTenant } from "../modules/postbacks/postback-tenant.ts";
import { getRedeemDetails, listRedeems } from "../modules/redeems/redeem-queries.ts";
import type { Db, Tx } from "./client.ts";
import { admins, appUsers } from "./schema/index.ts";

// A statement prepared under a name is planned for its values five times; then PostgreSQL keeps one
// generic plan if it costs no more than those did, or plans every call again. The hot paths' statements
// must settle on the generic plan: planning the postback's tenant read on every call cost 1 ms for
// 0.15 ms of running. PostgreSQL only (PGlite prepares no named statements).

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
  // As on any database that has run a while: the planner knows how few operators there are. (Fresh, it
  // guesses, and the tenant read's old statement happened to pass.)
  await t.db.execute(sql`analyze admins`);
});
afterAll(() => t?.close());

type Plans = { name: string; generic: number; custom: number };

async function preparedOn(tx: Tx): Promise<Plans[]> {
  const result = (await tx.execute(sql`
    select name, generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements order by name`)) as unknown as { rows: Plans[] };
  return result.rows;
}

/**
 * Runs `call` 12 times on one connection (a transaction's), and answers how the statements it ran were
 * planned (what the connection had prepared before is counted out).
 */
async function plansAfter(call: (tx: Db) => Promise<void>): Promise<Plans[]> {
  return t.db.transaction(async (tx: Tx) => {
    const before = new Map((await preparedOn(tx)).map((plan) => [plan.name, plan]));
    for (let time = 0; time < 12; time++) await call(tx as unknown as Db);
    return (await preparedOn(tx))
      .map((plan) => ({
        name: plan.name,
        generic: plan.generic - (before.get(plan.name)?.generic ?? 0),
        custom: plan.custom - (before.get(plan.name)?.custom ?? 0),
      }))
      .filter((plan) => plan.generic + plan.custom > 0);
  });
}

it.runIf(process.env.TEST_DATABASE_URL)("plans the postback's tenant read once per connection", async () => {
  const [admin] = await t.db.select({ key: admins.postbackKey }).from(admins).where(eq(admins.id, a.id));
  const userId = randomUUID();
  await t.db
    .insert(appUsers)
    .values({ id: userId, adminId: a.id, username: `${userId}@users.test`, referCode: userId.slice(0, 6) });
  let call = 0;
  const plans = await plansAfter(async (tx) => {
    const transactionId = `tx-${call++}`;
    const tenant = await loadTenant(
      tx,
      admin?.key ?? "",
      "adgemow",
      { userId, transactionId },
      transactionId,
    );
    expect(tenant?.user?.id).toBe(userId);
  });
  expect(plans).toEqual([{ name: "postback_tenant", generic: 7, custom: 5 }]);
});

it.runIf(process.env.TEST_DATABASE_URL)("plans the dashboard's statements once per connection", async () => {
  // An app with some history, analyzed as autovacuum would: with estimates of many rows, a generic plan
  // that does not know the code's constants looks dearer than a custom one.
  await t.db.execute(sql`
    insert into app_users (id, admin_id, username, refer_code)
    select gen_random_uuid(), ${a.id}, 'dash-' || n || '@users.test', 'd' || n from generate_series(1, 300) as n`);
  await t.db.execute(sql`
    insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points)
    select gen_random_uuid(), ${a.id}, u.id, 'adgemow', 'dash-' || u.username || '-' || n, 'Offer', 1, 100
      from app_users u, generate_series(1, 3) as n where u.admin_id = ${a.id}`);
  await t.db.execute(sql`
    insert into redeems (id, admin_id, user_id, redeem_email, reward_name, reward_amount, reward_cost)
    select gen_random_uuid(), ${a.id}, u.id, u.username, 'Gift card', '$5', 500
      from app_users u where u.admin_id = ${a.id}`);
  await t.db.execute(sql`analyze`);
  const plans = await plansAfter(async (tx) => {
    await getDashboard(tx, a.id, { tz: "Europe/Berlin", range: "today" });
  });
  // One statement (each part a JSON column), in Berlin's whole-hour offset with no hour cut by a boundary.
  expect(plans).toEqual([{ name: "dash_0", generic: 7, custom: 5 }]);
});

it.runIf(process.env.TEST_DATABASE_URL)(
  "plans the user details' statements once per connection",
  async () => {
    const [referrer, user] = [randomUUID(), randomUUID()];
    await t.db.insert(appUsers).values([
      { id: referrer, adminId: a.id, username: `${referrer}@users.test`, referCode: referrer.slice(0, 8) },
      {
        id: user,
        adminId: a.id,
        username: `${user}@users.test`,
        referCode: user.slice(0, 8),
        referredBy: referrer,
        visitorId: `visitor-${user}`,
        ipSignup: "198.51.100.23",
      },
    ]);
    await t.db.execute(sql`
    insert into app_user_devices (id, admin_id, user_id, gaid, android_id)
    values (gen_random_uuid(), ${a.id}, ${user}, ${`gaid-${user}`}, ${`android-${user}`})`);
    const plans = await plansAfter(async (tx) => {
      const details = await getAppUserDetails(tx, a.id, user);
      expect(details?.referredBy?._id).toBe(referrer);
    });
    // The user with its referral figures, the offers, devices, linked accounts' lookups and screening.
    expect(plans.map((plan) => plan.name).sort()).toEqual([
      "linked_accounts",
      "user_details",
      "user_details_devices",
      "user_details_offers",
      "user_details_signup_screening",
    ]);
    expect(plans.filter((plan) => plan.generic !== 7)).toEqual([]);
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  "plans the offer and redeem details' own statements once per connection",
  async () => {
    const [user, offer, redeem] = [randomUUID(), randomUUID(), randomUUID()];
    await t.db
      .insert(appUsers)
      .values({ id: user, adminId: a.id, username: `${user}@users.test`, referCode: user.slice(0, 8) });
    await t.db.execute(sql`
      insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points)
      values (${offer}, ${a.id}, ${user}, 'adgemow', ${`details-${offer}`}, 'Offer', 1, 100)`);
    await t.db.execute(sql`
      insert into redeems (id, admin_id, user_id, redeem_email, reward_name, reward_amount, reward_cost)
      values (${redeem}, ${a.id}, ${user}, ${`${user}@users.test`}, 'Gift card', '$5', 500)`);
    const plans = await plansAfter(async (tx) => {
      expect((await getOfferDetails(tx, a.id, offer))?.user._id).toBe(user);
      expect((await getRedeemDetails(tx, a.id, redeem))?.user._id).toBe(user);
    });
    const own = ["offer_details", "redeem_details", "redeem_details_mail", "redeem_details_screening"];
    expect(plans.filter((plan) => own.includes(plan.name))).toEqual(
      own.map((name) => ({ name, generic: 7, custom: 5 })),
    );
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  "plans each list's first page once per connection, and a search for its text every call",
  async () => {
    const first = { pageNumber: 1, pageSize: 10 } as const;
    const catalog = { filter: {}, sortField: "_id", sortOrder: "asc", pageNumber: 1, pageSize: 5 } as const;
    const search = { sortField: "createdAt", sortOrder: "desc", ...first } as const;
    const plans = await plansAfter(async (tx) => {
      await listAppUsers(tx, a.id, { filter: {}, sortField: "points", sortOrder: "desc", ...first });
      await listAppUsers(tx, a.id, { filter: { status: userStatus.banned }, ...search });
      await listOffers(tx, a.id, {
        filter: { network: "adgemow" },
        sortField: "date",
        sortOrder: "desc",
        ...first,
      });
      await listRedeems(tx, a.id, {
        filter: { risky: true },
        sortField: "redeemDate",
        sortOrder: "desc",
        ...first,
      });
      await listPostbacks(tx, a.id, { filter: { outcome: "credited" }, ...search });
      await listAudit(tx, a.id, { filter: {}, ...search });
      await listCountries(tx, a.id, { ...catalog, sortField: "priority" });
      await listRewards(tx, a.id, randomUUID(), catalog);
      await listRewardItems(tx, a.id, randomUUID(), catalog);
      // Searches: planned for their text.
      await listAppUsers(tx, a.id, { filter: { username: "dash-1" }, ...search });
      await listCountries(tx, a.id, { ...catalog, sortField: "priority", filter: { fullName: "land" } });
    });
    const lists = plans.filter((plan) => /_(page|count)_\d+$/.test(plan.name));
    expect(lists.map((plan) => plan.name.replace(/_\d+$/, "")).sort()).toEqual([
      "audit_page",
      "countries_count",
      "countries_page",
      "offers_page",
      "postbacks_page",
      "redeems_page",
      "reward_items_count",
      "reward_items_page",
      "rewards_count",
      "rewards_page",
      "users_page",
      "users_page",
    ]);
    expect(lists.filter((plan) => plan.generic !== 7)).toEqual([]);
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  "plans a list's count from its position index once per connection",
  async () => {
    // A first page reads its count in its own statement; a deep page, an export's batch and a page past
    // the end ask the index's total alone (this one: past the end).
    const plans = await plansAfter(async (tx) => {
      const page = await listAppUsers(tx, a.id, {
        filter: { status: userStatus.active },
        sortField: "createdAt",
        sortOrder: "desc",
        pageNumber: 1000,
        pageSize: 10,
      });
      expect(page).toMatchObject({ totalCountKind: "exact", entities: [] });
    });
    // executeNamed numbers its names in the order the process first ran them.
    expect(plans).toEqual([{ name: expect.stringMatching(/^list_total_\d+$/), generic: 7, custom: 5 }]);
  },
);

it.runIf(process.env.TEST_DATABASE_URL)(
  "finds a repeated transaction by its id, also in an app the statistics do not know yet",
  async () => {
    // A big app, analyzed; then a new one whose offers came after. Planned for its values, the new app is
    // estimated at one row, every index on the app ties, and a repeat's lookup read all of its offers.
    const [big, fresh] = [randomUUID(), randomUUID()];
    for (const id of [big, fresh]) {
      await t.db.insert(admins).values({
        id,
        fullName: "Plans",
        username: `${id}@plans.test`,
        passwordHash: "x",
        role: "admin",
        status: "active",
      });
      await t.db
        .insert(appUsers)
        .values({ id, adminId: id, username: `${id}@u.test`, referCode: id.slice(0, 8) });
    }
    // Loaded as a bulk load is, without the rollups' triggers (this test reads no rollup).
    const addOffers = (adminId: string, count: number) =>
      t.db.transaction(async (tx: Tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`
          insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points, ip)
          select gen_random_uuid(), ${adminId}, ${adminId}, 'adgemow', 'plan-' || n, 'Offer', 1, 100, '198.51.100.7'
            from generate_series(1, ${count}) as n`);
      });
    await addOffers(big, 20_000);
    await t.db.execute(sql`analyze completed_offers`);
    await addOffers(fresh, 5_000);
    const rules: Rules = {
      adminId: fresh,
      network: "adgemow",
      points: 100,
      referrerId: null,
      referralPoints: 0,
      holdSettings: { holdRules: [], reversalHold: null },
    };
    const history = await readUserHistory(t.db, fresh, fresh);
    await t.db.transaction(async (tx: Tx) => {
      for (let n = 1; n <= 7; n++) {
        const answer = await applyConversion(tx, rules, conversionOf(fresh, `plan-${n}`), history);
        expect(answer.outcome).toBe("duplicate");
      }
      const explained = (await tx.execute(
        sql.raw(`explain (format json) execute completed_offer_by_key('${fresh}', 'adgemow', 'plan-1')`),
      )) as unknown as { rows: { "QUERY PLAN": unknown }[] };
      // The transaction id is looked up in an index, not checked on each of the app's rows.
      expect(JSON.stringify(explained.rows[0]?.["QUERY PLAN"])).toMatch(
        /"Index Cond":"[^"]*transaction_id = \$3/,
      );
    });
  },
);
