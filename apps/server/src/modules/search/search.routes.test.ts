import type { SearchAnswer, SearchResult } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, completedOffers, redeems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;

const ids = {
  ada: newId(),
  adam: newId(),
  underscore: newId(),
  percent: newId(),
  other: newId(),
  redeem: newId(),
  redeemOther: newId(),
  offer: newId(),
  offerTwin: newId(),
  offerOther: newId(),
};

function search(tenant: { headers: Record<string, string> } | undefined, q: string | undefined) {
  return t.app.inject({
    method: "GET",
    url: "/api/search",
    query: q === undefined ? {} : { q },
    headers: tenant?.headers ?? {},
  });
}

async function found(q: string, tenant: Tenant = a): Promise<SearchResult[]> {
  const response = await search(tenant, q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchAnswer>().results;
}

const idsOf = (results: SearchResult[], kind: SearchResult["kind"]) =>
  results.filter((result) => result.kind === kind).map((result) => result.id);

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  const user = (id: string, adminId: string, username: string, referCode: string) => ({
    id,
    adminId,
    username,
    referCode,
  });
  await t.db
    .insert(appUsers)
    .values([
      user(ids.ada, a.id, "Ada.Lovelace@Example.test", "REF-ADA"),
      user(ids.adam, a.id, "adam@example.test", "ref-adam"),
      user(ids.underscore, a.id, "a_b@example.test", "REF-US"),
      user(ids.percent, a.id, "50%off@example.test", "REF-PC"),
      user(ids.other, b.id, "ada.other@example.test", "REF-OTHER"),
    ]);
  for (let i = 0; i < 8; i++) {
    await t.db.insert(appUsers).values(user(newId(), a.id, `zz${i}@many.test`, `ZZ${i}`));
  }
  for (let i = 0; i < 3; i++) {
    await t.db.insert(appUsers).values(user(newId(), a.id, `axb${i}@example.test`, `AXB${i}`));
  }
  const redeem = (id: string, adminId: string, userId: string, redeemEmail: string) => ({
    id,
    adminId,
    userId,
    redeemEmail,
    rewardName: "PayPal",
    rewardAmount: "$5",
    rewardCost: 500,
  });
  await t.db
    .insert(redeems)
    .values([
      redeem(ids.redeem, a.id, ids.adam, "Payouts.Adam@Mail.test"),
      redeem(ids.redeemOther, b.id, ids.other, "payouts.other@mail.test"),
    ]);
  const offer = (id: string, adminId: string, userId: string, network: string, transactionId: string) => ({
    id,
    adminId,
    userId,
    network,
    transactionId,
    offerName: "Survey",
    payout: 1.5,
    points: 150,
  });
  await t.db
    .insert(completedOffers)
    .values([
      offer(ids.offer, a.id, ids.ada, "bitlabs", "TX-1001"),
      offer(ids.offerTwin, a.id, ids.adam, "ayet", "TX-1001"),
      offer(ids.offerOther, b.id, ids.other, "bitlabs", "TX-2002"),
    ]);
});
afterAll(() => t.close());

describe("GET /api/search", () => {
  it("finds app users by e-mail prefix, whatever the case", async () => {
    const results = await found("ADA");
    expect(idsOf(results, "user").sort()).toEqual([ids.ada, ids.adam].sort());
    const ada = results.find((result) => result.id === ids.ada);
    expect(ada).toEqual({ kind: "user", id: ids.ada, label: "Ada.Lovelace@Example.test", detail: "REF-ADA" });
    expect(idsOf(await found("ada.l"), "user")).toEqual([ids.ada]);
    expect(idsOf(await found("  adam@ "), "user")).toEqual([ids.adam]);
  });

  it("matches only prefixes, not text inside the e-mail", async () => {
    expect(idsOf(await found("lovelace"), "user")).toEqual([]);
    expect(idsOf(await found("example"), "user")).toEqual([]);
  });

  it("finds an app user by exact id and exact referral code (case as stored)", async () => {
    expect(idsOf(await found(ids.adam), "user")).toEqual([ids.adam]);
    expect(idsOf(await found(ids.adam.toUpperCase()), "user")).toEqual([ids.adam]);
    expect(idsOf(await found("REF-ADA"), "user")).toEqual([ids.ada]);
    expect(idsOf(await found("ref-ada"), "user")).toEqual([]);
    expect(idsOf(await found("ref-adam"), "user")).toEqual([ids.adam]);
    expect(idsOf(await found("REF-"), "user")).toEqual([]);
  });

  it("takes LIKE's wildcards in q literally", async () => {
    expect(idsOf(await found("a_b"), "user")).toEqual([ids.underscore]);
    expect(idsOf(await found("50%"), "user")).toEqual([ids.percent]);
    expect(idsOf(await found("%"), "user")).toEqual([]);
    expect(idsOf(await found("_"), "user")).toEqual([]);
    expect(idsOf(await found("\\"), "user")).toEqual([]);
  });

  it("answers at most five of a kind", async () => {
    const results = await found("zz");
    expect(idsOf(results, "user")).toHaveLength(5);
    expect(results.map((result) => result.label)).toEqual([0, 1, 2, 3, 4].map((i) => `zz${i}@many.test`));
  });

  it("finds redeems by exact id and by receiver e-mail prefix, whatever the case", async () => {
    expect(await found("payouts.a")).toEqual([
      { kind: "redeem", id: ids.redeem, label: "Payouts.Adam@Mail.test", detail: "PayPal $5" },
    ]);
    expect(idsOf(await found("PAYOUTS"), "redeem")).toEqual([ids.redeem]);
    expect(idsOf(await found(ids.redeem), "redeem")).toEqual([ids.redeem]);
    expect(idsOf(await found("mail.test"), "redeem")).toEqual([]);
  });

  it("finds completed offers by exact transaction id on every network, and by id", async () => {
    const results = await found("TX-1001");
    expect(idsOf(results, "offer").sort()).toEqual([ids.offer, ids.offerTwin].sort());
    expect(results.find((result) => result.id === ids.offer)).toEqual({
      kind: "offer",
      id: ids.offer,
      label: "TX-1001",
      detail: "bitlabs · Survey",
    });
    expect(idsOf(await found("TX-100"), "offer")).toEqual([]);
    expect(idsOf(await found("tx-1001"), "offer")).toEqual([]);
    expect(idsOf(await found(ids.offerTwin), "offer")).toEqual([ids.offerTwin]);
  });

  it("never finds another app's rows", async () => {
    expect(await found("ada.other")).toEqual([]);
    expect(await found("REF-OTHER")).toEqual([]);
    expect(await found(ids.other)).toEqual([]);
    expect(await found(ids.redeemOther)).toEqual([]);
    expect(await found("payouts.other")).toEqual([]);
    expect(await found("TX-2002")).toEqual([]);
    expect(await found(ids.offerOther)).toEqual([]);
    expect(idsOf(await found("ada", b), "user")).toEqual([ids.other]);
    expect(idsOf(await found("TX-1001", b), "offer")).toEqual([]);
  });

  it("answers nothing found as an empty list", async () => {
    expect(await found("nobody-here")).toEqual([]);
    expect(await found("00000000-0000-0000-0000-000000000000")).toEqual([]);
  });

  it("answers 400 for a missing, blank or too long q", async () => {
    for (const q of [undefined, "", "   ", "x".repeat(101)]) {
      const response = await search(a, q);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(400);
    }
    expect((await search(a, ` ${"x".repeat(100)} `)).statusCode).toBe(200);
  });

  it("needs a signed-in member; every role may search", async () => {
    expect((await search(undefined, "ada")).statusCode).toBe(401);
    for (const role of ["viewer", "support", "admin"] as const) {
      const member = await addMember(t, a.id, role);
      const response = await search(member, "ada");
      expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      expect(idsOf(response.json<SearchAnswer>().results, "user").sort()).toEqual([ids.ada, ids.adam].sort());
    }
  });
});
