import type { AppRedeemAnswer, AppSessionAnswer } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry, appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { type IpDataServer, startIpDataServer } from "../../../test/support/ip-data-server.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, pointsLedger, redeems } from "../../db/schema/index.ts";

// A redeem screens the caller's address first, which waits on the network; the price it charges must
// be read afterwards, in the transaction that debits it, not before the wait.

let t: TestApp;
let ipData: IpDataServer;
let a: Tenant;
let appKey: string;
let itemId: string;

const ipDataKey = "ipdata-key-price";
const homeIp = "198.51.100.40";

beforeAll(async () => {
  ipData = await startIpDataServer(ipDataKey);
  ipData.profile(homeIp, { country: "US" });
  const roomy = { points: 10_000, durationSeconds: 3600 };
  t = await startTestApp({
    env: { IPDATA_BASE_URL: ipData.baseUrl },
    rateLimits: { appSignUpPerIp: roomy, appSignUpPerDevice: roomy },
  });
  ({ a } = await twoTenants(t.app));
  appKey = await appKeyOf(t.db, a.id);
  const saved = await t.app.inject({
    method: "POST",
    url: "/api/network/",
    headers: a.headers,
    payload: { network: "ipdata", appId: ipDataKey },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  itemId = (await addCatalogCountry(t.db, a, "US", { items: [{ cost: "$5", points: 500 }] }))
    .itemIds[0] as string;
});
afterAll(async () => {
  await t?.close();
  await ipData?.close();
});

let users = 0;
async function userWith(points: number): Promise<AppSessionAnswer> {
  users += 1;
  const session = await signUpOk(t.app, appKey, `price-${users}@example.com`, {}, homeIp);
  const response = await t.app.inject({
    method: "PUT",
    url: `/api/users/${session.user._id}`,
    headers: a.headers,
    payload: {
      referCode: session.user.referCode,
      provision: 0,
      isVerfied: false,
      pointsDelta: points,
      pointsReason: "Test balance",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return session;
}

const redeem = (session: AppSessionAnswer) =>
  appCall(t.app, {
    method: "POST",
    url: "/redeems",
    key: appKey,
    token: session.accessToken,
    ip: homeIp,
    payload: { rewardItemId: itemId },
  });
const setPrice = (points: number) =>
  t.app.inject({
    method: "PUT",
    url: `/api/reward/rewardItem/${itemId}`,
    headers: a.headers,
    payload: { cost: "$5", points },
  });
const balanceOf = async (userId: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, userId)))[0]?.points;
const redeemDebits = (userId: string) =>
  t.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, "redeem")));

/** Runs `during` while the redeem's address screening is waiting on the network, then lets it go on. */
async function whileScreening<T>(request: Promise<T>, during: () => Promise<void>): Promise<T> {
  const before = ipData.requests.length;
  ipData.setMode("hang");
  try {
    const pending = request;
    const started = Date.now();
    while (ipData.requests.length === before) {
      if (Date.now() - started > 5000) throw new Error("the redeem never asked for screening");
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await during();
    ipData.setMode("ok");
    return await pending;
  } finally {
    ipData.setMode("ok");
  }
}

/** The redeem as stored, its debit and the balance agree, and the price is one the item had. */
async function expectConsistent(session: AppSessionAnswer, start: number, answer: AppRedeemAnswer) {
  const [stored] = await t.db.select().from(redeems).where(eq(redeems.id, answer.redeem._id));
  const debits = await redeemDebits(session.user._id);
  expect(debits.map((row) => [row.amount, row.referenceId])).toEqual([
    [-(stored?.rewardCost ?? 0), stored?.id],
  ]);
  expect(await balanceOf(session.user._id)).toBe(start - (stored?.rewardCost ?? 0));
  expect(answer.points).toBe(start - (stored?.rewardCost ?? 0));
  expect(answer.redeem.rewardCost).toBe(stored?.rewardCost);
  return stored?.rewardCost;
}

describe("hole 11: the redeem's price is read inside its transaction", () => {
  it("charges the price set while the request was being screened, and stores that price", async () => {
    expect((await setPrice(500)).statusCode).toBe(200);
    const session = await userWith(5000);
    const response = await whileScreening(redeem(session), async () => {
      const changed = await setPrice(800);
      expect(changed.statusCode, changed.body).toBe(200);
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await expectConsistent(session, 5000, response.json<AppRedeemAnswer>())).toBe(800);
  });

  it("refuses (409) when the new price is more than the balance, charging nothing", async () => {
    expect((await setPrice(500)).statusCode).toBe(200);
    const session = await userWith(600);
    const response = await whileScreening(redeem(session), async () => {
      expect((await setPrice(700)).statusCode).toBe(200);
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe("Not enough points: this reward costs 700 points and you have 600");
    expect(await redeemDebits(session.user._id)).toEqual([]);
    expect(await balanceOf(session.user._id)).toBe(600);
  });

  it("a price change racing redeems: each charges the old or the new price, exactly what it stores", async () => {
    const prices = [500, 650];
    for (let round = 0; round < 4; round += 1) {
      const [from, to] = round % 2 === 0 ? prices : [...prices].reverse();
      expect((await setPrice(from as number)).statusCode).toBe(200);
      const session = await userWith(5000);
      const [changed, response] = await Promise.all([setPrice(to as number), redeem(session)]);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(response.statusCode, response.body).toBe(200);
      const cost = await expectConsistent(session, 5000, response.json<AppRedeemAnswer>());
      expect(prices).toContain(cost);
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
