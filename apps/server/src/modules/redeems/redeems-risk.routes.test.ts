import type { RedeemDetails, RedeemListAnswer } from "@rewards/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, ipScreenings, redeems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { redeemListQueries } from "./redeem-queries.ts";

// Fraud signals (decision 0018), read side: risk reasons on redeems and the "Risky only" filter. The app API
// writes them at each redeem; here they are inserted directly.

let t: TestApp;
let a: Tenant;
let b: Tenant;
const userOf: Record<string, string> = {};
const redeemIds: Record<string, string> = {};

async function addUser(tenant: Tenant, name: string, riskReasons: string[] = []) {
  const id = newId();
  await t.db.insert(appUsers).values({
    id,
    adminId: tenant.id,
    username: `${name}@fraud.test`,
    referCode: name.slice(0, 6).toUpperCase(),
    geo: "US",
    ipSignup: "203.0.113.7",
    riskReasons,
  });
  userOf[name] = id;
  return id;
}

let minute = 0;
async function addRedeem(
  tenant: Tenant,
  name: string,
  userId: string,
  fields: Partial<typeof redeems.$inferInsert> = {},
) {
  minute += 1;
  const id = newId();
  await t.db.insert(redeems).values({
    id,
    adminId: tenant.id,
    userId,
    redeemEmail: `${name}@receiver.test`,
    rewardName: "PayPal",
    rewardAmount: "$5",
    rewardCost: 5000,
    redeemDate: new Date(Date.UTC(2026, 0, 10, 12, minute)),
    ...fields,
  });
  redeemIds[name] = id;
  return id;
}

async function listOk(tenant: Tenant, queryParams: Record<string, unknown>) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/redeem/?group=false",
    headers: tenant.headers,
    payload: { queryParams },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RedeemListAnswer>();
}

const namesOf = (answer: RedeemListAnswer) =>
  answer.entities.map((redeem) => redeem.redeemEmail.replace("@receiver.test", ""));

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  const clean = await addUser(a, "clean");
  const linked = await addUser(a, "linked", ["linked_visitor"]);
  await addRedeem(a, "clean-pending", clean);
  await addRedeem(a, "linked-pending", linked, { riskReasons: ["linked_visitor"] });
  await addRedeem(a, "mismatch-sent", clean, {
    status: 1,
    ip: "192.0.2.10",
    ipCountry: "NG",
    riskReasons: ["country_mismatch"],
  });
  await addRedeem(a, "clean-rejected", clean, { status: 2 });
  await addRedeem(a, "linked-vpn-pending", linked, {
    ip: "198.51.100.4",
    ipCountry: "NL",
    riskReasons: ["linked_visitor", "vpn", "country_mismatch"],
  });
  await addRedeem(b, "other-tenant-risky", await addUser(b, "other", ["tor"]), { riskReasons: ["tor"] });
});
afterAll(() => t.close());

describe("risk reasons in the Redeems list", () => {
  it("answers each redeem's reasons as stored, and none for a clean one", async () => {
    const all = await listOk(a, { pageSize: 100 });
    const reasons = Object.fromEntries(
      all.entities.map((redeem) => [redeem.redeemEmail, redeem.riskReasons]),
    );
    expect(reasons).toEqual({
      "clean-pending@receiver.test": [],
      "linked-pending@receiver.test": ["linked_visitor"],
      "mismatch-sent@receiver.test": ["country_mismatch"],
      "clean-rejected@receiver.test": [],
      "linked-vpn-pending@receiver.test": ["linked_visitor", "vpn", "country_mismatch"],
    });
  });

  it('"Risky only" answers just the redeems with a reason, newest first, with their total', async () => {
    const risky = await listOk(a, { filter: { risky: true } });
    expect(namesOf(risky)).toEqual(["linked-vpn-pending", "mismatch-sent", "linked-pending"]);
    expect(risky.totalCount).toBe(3);
    const page2 = await listOk(a, { filter: { risky: true }, pageSize: 2, pageNumber: 2 });
    expect(namesOf(page2)).toEqual(["linked-pending"]);
    expect(page2.totalCount).toBe(3);
  });

  it("combines with the other filters: risky and Pending is what to look at before paying", async () => {
    const pendingRisky = await listOk(a, { filter: { risky: true, status: 0 } });
    expect(namesOf(pendingRisky)).toEqual(["linked-vpn-pending", "linked-pending"]);
    const ofUser = await listOk(a, { filter: { risky: true, redeemUser: userOf.clean } });
    expect(namesOf(ofUser)).toEqual(["mismatch-sent"]);
  });

  it("risky false answers only the clean ones; no filter answers all", async () => {
    expect(namesOf(await listOk(a, { filter: { risky: false } }))).toEqual([
      "clean-rejected",
      "clean-pending",
    ]);
    expect((await listOk(a, {})).totalCount).toBe(5);
  });

  it("never shows another administrator's risky redeems", async () => {
    expect(namesOf(await listOk(b, { filter: { risky: true } }))).toEqual(["other-tenant-risky"]);
  });

  it.each([["yes"], [1], [null]])("answers 400 for risky %j", async (risky) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/redeem/?group=false",
      headers: a.headers,
      payload: { queryParams: { filter: { risky } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      "queryParams.filter.risky": "risky must be true or false",
    });
  });

  it('reads "Risky only" from the partial index of risky redeems, page and total alike', async () => {
    const params = {
      filter: { risky: true },
      sortField: "redeemDate" as const,
      sortOrder: "desc" as const,
      pageNumber: 1,
      pageSize: 10,
    };
    const plans = await t.db.transaction(async (tx) => {
      // A handful of rows is cheaper to read whole; without sequential scans the planner must pick an
      // index, and it can pick the partial one only when the filter implies the index's predicate.
      await tx.execute(sql`set local enable_seqscan = off`);
      const queries = redeemListQueries(tx, a.id, params);
      const explain = async (query: typeof queries.page | typeof queries.total) => {
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
          rows: Record<string, string>[];
        };
        return result.rows.map((row) => Object.values(row)[0]).join("\n");
      };
      return { page: await explain(queries.page), total: await explain(queries.total) };
    });
    expect(plans.page).toContain("redeems_admin_risky_date_idx");
    // Either partial index of the risky ones serves a count (by date or by cost).
    expect(plans.total).toMatch(/redeems_admin_risky_(date|cost)_idx/);
  });
});

describe("GET /api/redeem/{id} with its screening", () => {
  it("answers the redeem's reasons, IP, IP country and screening, and its user's current reasons", async () => {
    const id = redeemIds["linked-vpn-pending"] as string;
    const userId = userOf.linked as string;
    await t.db.insert(ipScreenings).values([
      {
        id: newId(),
        adminId: a.id,
        userId,
        purpose: "signup",
        ip: "203.0.113.7",
        status: "screened",
        country: "US",
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        id: newId(),
        adminId: a.id,
        userId,
        redeemId: id,
        purpose: "redeem",
        ip: "198.51.100.4",
        status: "screened",
        country: "NL",
        isVpn: true,
        createdAt: new Date("2026-01-10T12:05:00Z"),
      },
    ]);
    const response = await t.app.inject({ method: "GET", url: `/api/redeem/${id}`, headers: a.headers });
    expect(response.statusCode, response.body).toBe(200);
    const details = response.json<RedeemDetails>();
    expect(details).toMatchObject({
      riskReasons: ["linked_visitor", "vpn", "country_mismatch"],
      ip: "198.51.100.4",
      ipCountry: "NL",
      screening: {
        ip: "198.51.100.4",
        status: "screened",
        country: "NL",
        isVpn: true,
        isProxy: false,
        isTor: false,
        isDatacenter: false,
        isThreat: false,
        createdAt: "2026-01-10T12:05:00.000Z",
      },
    });
    expect(details.user.riskReasons).toEqual(["linked_visitor"]);

    const other = await t.app.inject({ method: "GET", url: `/api/redeem/${id}`, headers: b.headers });
    expect(other.statusCode).toBe(404);
  });

  it("answers no IP and no screening for a redeem made before screening existed", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/redeem/${redeemIds["clean-pending"]}`,
      headers: a.headers,
    });
    expect(response.json<RedeemDetails>()).toMatchObject({
      riskReasons: [],
      ip: null,
      ipCountry: null,
      screening: null,
    });
  });
});
