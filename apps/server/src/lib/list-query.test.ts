import type { AppUserListAnswer, OfferListAnswer } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../test/support/test-app.ts";
import { appUsers } from "../db/schema/index.ts";
import { seedDemoData } from "../seed/demo-data.ts";
import { cappedCount } from "./list-query.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;

async function listOk<T>(tenant: Tenant, url: string, queryParams: Record<string, unknown>): Promise<T> {
  const response = await t.app.inject({
    method: "POST",
    url,
    headers: tenant.headers,
    payload: { queryParams },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 30, offers: 120, seed: 3 });
  await seedDemoData(t.db, b.id, { users: 5, offers: 10, seed: 4 });
});
afterAll(() => t.close());

describe("totalCount at scale", () => {
  it("counts exactly below the cap, and past it answers an estimate above the cap or the cap as a floor", async () => {
    const tenantUsers = eq(appUsers.adminId, a.id);
    expect(await cappedCount(t.db, appUsers, tenantUsers, { cap: 100 })).toEqual({
      totalCount: 30,
      totalCountKind: "exact",
    });
    const capped = await cappedCount(t.db, appUsers, tenantUsers, { cap: 10 });
    if (capped.totalCountKind === "estimate") expect(capped.totalCount).toBeGreaterThan(10);
    else expect(capped).toEqual({ totalCount: 10, totalCountKind: "atLeast" });
    // A filter that matches nothing is an exact zero, not an estimate.
    const none = and(tenantUsers, eq(appUsers.username, "nobody@nowhere.test"));
    expect(await cappedCount(t.db, appUsers, none, { cap: 10 })).toEqual({
      totalCount: 0,
      totalCountKind: "exact",
    });
  });

  it("answers an unfiltered list's exact total from the tenant's kept totals, which follow every write", async () => {
    const users = await listOk<AppUserListAnswer>(a, "/api/users", {});
    expect(users).toMatchObject({ totalCount: 30, totalCountKind: "exact" });
    const offers = await listOk<OfferListAnswer>(a, "/api/offer", {});
    expect(offers).toMatchObject({ totalCount: 120, totalCountKind: "exact" });
    expect(await listOk<AppUserListAnswer>(b, "/api/users", {})).toMatchObject({ totalCount: 5 });

    const [victim] = users.entities;
    // Deleting a user deletes its offers too (cascade): both totals move in the same commit.
    const [{ offerCount } = { offerCount: 0 }] = (
      (await t.db.execute(
        sql`select count(*)::int as "offerCount" from completed_offers where user_id = ${victim?._id}`,
      )) as unknown as { rows: { offerCount: number }[] }
    ).rows;
    await t.db.delete(appUsers).where(eq(appUsers.id, victim?._id ?? ""));
    expect(await listOk<AppUserListAnswer>(a, "/api/users", {})).toMatchObject({ totalCount: 29 });
    expect(await listOk<OfferListAnswer>(a, "/api/offer", {})).toMatchObject({
      totalCount: 120 - offerCount,
    });
  });

  it("counts a filtered list exactly while it is small", async () => {
    const all = await listOk<AppUserListAnswer>(a, "/api/users", { pageSize: 100 });
    const banned = all.entities.filter((user) => user.status === 2).length;
    expect(await listOk<AppUserListAnswer>(a, "/api/users", { filter: { status: 2 } })).toMatchObject({
      totalCount: banned,
      totalCountKind: "exact",
    });
  });
});
