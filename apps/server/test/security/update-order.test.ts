import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUsers, countries, networkConfigs, redeems, socialConfigs } from "../../src/db/schema/index.ts";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// An update route first finds the record within the caller's tenant (404 when it is not theirs) and
// only then checks the body against the tenant's other records (a taken code, a name that does not
// match, a status that forbids it). The other order answers 409 for an id that is not the caller's,
// which tells them the id exists elsewhere and what the other tenant's records hold.

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
});
afterAll(() => t?.close());

const put = (tenant: Tenant, url: string, payload: object) =>
  t.app.inject({ method: "PUT", url, headers: tenant.headers, payload });
const post = async (tenant: Tenant, url: string, payload: object) => {
  const response = await t.app.inject({ method: "POST", url, headers: tenant.headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function addUser(tenant: Tenant, referCode: string) {
  const id = randomUUID();
  await t.db.insert(appUsers).values({ id, adminId: tenant.id, username: `${id}@users.test`, referCode });
  return id;
}

async function addRedeem(tenant: Tenant, userId: string, status: number) {
  const id = randomUUID();
  await t.db.insert(redeems).values({
    id,
    adminId: tenant.id,
    userId,
    redeemEmail: "someone@users.test",
    rewardName: "Gift Card",
    rewardAmount: "$5",
    rewardCost: 0,
    status,
  });
  return id;
}

describe("hole 11: existence before uniqueness on every update route", () => {
  it("PUT /api/reward/countries/{id}: another tenant's id with a code the caller has → 404, not 409", async () => {
    const ofA = (await post(a, "/api/reward/countries", { code: "DE", priority: 1 })).country;
    await post(b, "/api/reward/countries", { code: "FR", priority: 1 });
    const response = await put(b, `/api/reward/countries/${ofA._id}`, { code: "FR", priority: 9 });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.body).not.toContain("already exists");
    const [row] = await t.db.select().from(countries).where(eq(countries.id, ofA._id));
    expect(row).toMatchObject({ code: "DE", priority: 1, adminId: a.id });

    // The owner still gets the 409 for a code it has itself.
    await post(a, "/api/reward/countries", { code: "FR", priority: 2 });
    const own = await put(a, `/api/reward/countries/${ofA._id}`, { code: "FR", priority: 9 });
    expect(own.statusCode).toBe(409);
    expect(own.json().fieldErrors).toEqual({ code: "A country with the code FR already exists" });
  });

  it("PUT /api/users/{id}: another tenant's user with a Share Key the caller's user has → 404", async () => {
    const ofA = await addUser(a, "AAA111");
    await addUser(b, "BBB111");
    const response = await put(b, `/api/users/${ofA}`, {
      referCode: "BBB111",
      provision: 0,
      isVerfied: true,
    });
    expect(response.statusCode, response.body).toBe(404);
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.id, ofA));
    expect(row?.referCode).toBe("AAA111");
  });

  it("PUT /api/setting/social/{id}: another tenant's config sent under another name → 404, not 400", async () => {
    const ofA = (
      await post(a, "/api/setting/social/", {
        name: "facebook",
        appId: "fb-app",
        appSecret: "fb-secret",
        appPage: "https://facebook.com/page",
        shareText: "Join me",
      })
    ).socialconfig;
    const response = await put(b, `/api/setting/social/${ofA._id}`, {
      name: "twitter",
      appPage: "https://twitter.com/page",
      shareText: "Join me",
    });
    expect(response.statusCode, response.body).toBe(404);
    const [row] = await t.db.select().from(socialConfigs).where(eq(socialConfigs.id, ofA._id));
    expect(row).toMatchObject({ name: "facebook", adminId: a.id });
  });

  it("PUT /api/network/{id}: another tenant's config sent as another network → 404, not 400", async () => {
    const ofA = (await post(a, "/api/network/", { network: "ipdata", appId: "ipdata-key" })).network;
    const response = await put(b, `/api/network/${ofA._id}`, {
      network: "hangmyads",
      appId: "aff-1",
      appToken: "token",
      postbackSecret: "secret-0123456789",
      provision: 0.5,
      iosEnable: 1,
      androidEnable: 1,
    });
    expect(response.statusCode, response.body).toBe(404);
    const [row] = await t.db.select().from(networkConfigs).where(eq(networkConfigs.id, ofA._id));
    expect(row).toMatchObject({ network: "ipdata", adminId: a.id });
  });

  it("PUT /api/redeem/{id} and /api/redeem/sendReward/{id}: another tenant's settled redeem → 404, not 409", async () => {
    const sent = await addRedeem(a, await addUser(a, "AAA222"), 1);
    const cancel = await put(b, `/api/redeem/${sent}`, {});
    expect(cancel.statusCode, cancel.body).toBe(404);
    const pay = await put(b, `/api/redeem/sendReward/${sent}`, {
      code: "GIFT-1",
      rewardName: "Gift Card",
      redeemEmail: "someone@users.test",
      subject: "Your reward",
      text: "<p>Enjoy</p>",
    });
    expect(pay.statusCode, pay.body).toBe(404);
    const [row] = await t.db.select().from(redeems).where(eq(redeems.id, sent));
    expect(row).toMatchObject({ status: 1, code: null });
  });
});
