import type { OfferDetails, OfferListAnswer, OfferListEntity } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { seedDemoData } from "../../seed/demo-data.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let allOfA: OfferListEntity[];

const list = (tenant: Tenant, queryParams: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/offer?group=false",
    headers: tenant.headers,
    payload: { queryParams },
  });

async function listOk(tenant: Tenant, queryParams: Record<string, unknown>): Promise<OfferListAnswer> {
  const response = await list(tenant, queryParams);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function everything(tenant: Tenant, filter: Record<string, unknown> = {}) {
  const first = await listOk(tenant, { filter, pageSize: 100 });
  const pages = Math.ceil(first.totalCount / 100);
  const rest = await Promise.all(
    Array.from({ length: pages - 1 }, (_, i) => listOk(tenant, { filter, pageSize: 100, pageNumber: i + 2 })),
  );
  return [first, ...rest].flatMap((page) => page.entities);
}

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 20, offers: 230, seed: 3 });
  await seedDemoData(t.db, b.id, { users: 4, offers: 15, seed: 4 });
  allOfA = await everything(a);
});
afterAll(() => t.close());

describe("POST /api/offer (list)", () => {
  it("answers the tenant's offers newest first, each with its user's e-mail", async () => {
    const page = await listOk(a, {});
    expect(page.totalCount).toBe(230);
    expect(page.entities).toHaveLength(10);
    const dates = page.entities.map((offer) => offer.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(allOfA).toHaveLength(230);
    expect(new Set(allOfA.map((offer) => offer._id)).size).toBe(230);
    const users = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: a.headers,
      payload: { queryParams: { pageSize: 100 } },
    });
    const emailOf = new Map(
      users
        .json<{ entities: { _id: string; username: string }[] }>()
        .entities.map((u) => [u._id, u.username]),
    );
    expect(allOfA.every((offer) => offer.userEmail === emailOf.get(offer.userId))).toBe(true);
  });

  it("filters by network, user, id and IP prefix", async () => {
    const byNetwork = await everything(a, { network: "bitlabs" });
    expect(byNetwork.length).toBe(allOfA.filter((offer) => offer.network === "bitlabs").length);
    expect(byNetwork.every((offer) => offer.network === "bitlabs")).toBe(true);

    const sample = allOfA[17] as OfferListEntity;
    const byUser = await everything(a, { userId: sample.userId });
    expect(byUser.length).toBe(allOfA.filter((offer) => offer.userId === sample.userId).length);

    expect((await listOk(a, { filter: { _id: sample._id } })).entities.map((o) => o._id)).toEqual([
      sample._id,
    ]);

    const prefix = (sample.ip ?? "").split(".")[0] ?? "";
    const byIp = await everything(a, { ip: `${prefix}.` });
    expect(byIp.length).toBe(allOfA.filter((offer) => offer.ip?.startsWith(`${prefix}.`)).length);
  });

  it("sorts by payout both ways", async () => {
    const ascending = (await listOk(a, { sortField: "payout", sortOrder: "asc", pageSize: 100 })).entities;
    const payouts = ascending.map((offer) => offer.payout);
    expect(payouts).toEqual([...payouts].sort((x, y) => x - y));
    const top = (await listOk(a, { sortField: "payout", sortOrder: "desc", pageSize: 1 })).entities[0];
    expect(top?.payout).toBe(Math.max(...allOfA.map((offer) => offer.payout)));
  });

  it("never shows another administrator's offers", async () => {
    expect((await listOk(b, {})).totalCount).toBe(15);
    expect((await listOk(b, { filter: { _id: allOfA[0]?._id } })).totalCount).toBe(0);
  });

  it.each([
    ["an unknown network", { filter: { network: "applovin" } }, "queryParams.filter.network"],
    ["an unknown filter key", { filter: { offerName: "x" } }, "queryParams.filter"],
    ["an unknown sort field", { sortField: "points" }, "queryParams.sortField"],
    ["page size 0", { pageSize: 0 }, "queryParams.pageSize"],
    ["page size 101", { pageSize: 101 }, "queryParams.pageSize"],
    ["a user id that is not an id", { filter: { userId: "me" } }, "queryParams.filter.userId"],
  ])("answers 400 for %s", async (_name, queryParams, field) => {
    const response = await list(a, queryParams);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });

  it("answers 401 without a token", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/offer", payload: { queryParams: {} } });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/offer/{id}", () => {
  it("answers the offer and its user; 404 for another administrator's; 400 for a bad id", async () => {
    const offer = allOfA[5] as OfferListEntity;
    const response = await t.app.inject({
      method: "GET",
      url: `/api/offer/${offer._id}`,
      headers: a.headers,
    });
    expect(response.statusCode).toBe(200);
    const details = response.json<OfferDetails>();
    expect(details.offer).toEqual(offer);
    expect(details.user._id).toBe(offer.userId);
    expect(details.user.username).toBe(offer.userEmail);

    const other = await t.app.inject({ method: "GET", url: `/api/offer/${offer._id}`, headers: b.headers });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/offer/123", headers: a.headers });
    expect(bad.statusCode).toBe(400);
  });
});
