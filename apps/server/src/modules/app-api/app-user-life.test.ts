import { createHash } from "node:crypto";
import type {
  AppCatalogAnswer,
  AppLedgerAnswer,
  AppMe,
  AppOffersAnswer,
  AppRedeemAnswer,
  AppRedeemsAnswer,
  AppSessionAnswer,
  Country,
  Reward,
  RewardItem,
} from "@rewards/contract";
import { afterAll, beforeAll, expect, it } from "vitest";
import { appCall, signUpBody } from "../../../test/support/app-api.ts";
import { multipartBody, png } from "../../../test/support/multipart.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

// One app user's whole life, through the public APIs only: the operator sets up through the dashboard's
// API, the user acts through /app/v1, the network reports through its postback URL.

let t: TestApp;
let operator: Tenant;
let key: string;

const securityHash = "cpx-security-hash-life";
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

async function dashboard<T>(method: "GET" | "POST" | "PUT", url: string, payload?: object): Promise<T> {
  const response = await t.app.inject({
    method,
    url,
    headers: operator.headers,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function app<T>(call: Parameters<typeof appCall>[1]): Promise<T> {
  const response = await appCall(t.app, { key, ...call });
  expect(response.statusCode, `${call.method ?? "GET"} ${call.url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

beforeAll(async () => {
  t = await startTestApp();
  operator = (await twoTenants(t.app)).a;
  // The operator copies the app key from the dashboard into the app.
  key = (await dashboard<{ appKey: string }>("GET", "/api/app-key")).appKey;
});
afterAll(() => t.close());

it("signs up with a referral code, earns by postback, redeems, and gets the gift card by e-mail", async () => {
  // The operator: CPX Research, Mailgun, and a $5 card for the United States.
  await dashboard("POST", "/api/network/", {
    network: "cpxresearch",
    appId: "4242",
    appToken: securityHash,
    provision: 0.5,
    iosEnable: 0,
    androidEnable: 1,
  });
  await dashboard("POST", "/api/setting/mailgun/", {
    mailgunDomain: "mg.life.test",
    apiKey: "key-life",
    fromEmail: "rewards@life.test",
    supportEmail: "help@life.test",
  });
  const { country } = await dashboard<{ country: Country }>("POST", "/api/reward/countries", {
    code: "US",
    priority: 1,
  });
  const form = multipartBody({ name: "Amazon", order: "1" }, { file: png() });
  const created = await t.app.inject({
    method: "POST",
    url: `/api/reward/rewards/add/${country._id}`,
    payload: form.payload,
    headers: { ...form.headers, ...operator.headers },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { reward } = created.json<{ reward: Reward }>();
  const { rewardItem } = await dashboard<{ rewardItem: RewardItem }>(
    "POST",
    `/api/reward/rewardItem/${reward._id}`,
    {
      cost: "$5",
      points: 5000,
    },
  );

  // Two users: the second signs up with the first one's Share Key.
  const referrer = await app<AppSessionAnswer>({
    method: "POST",
    url: "/auth/sign-up",
    payload: signUpBody("referrer@life.test"),
    ip: "198.51.100.1",
  });
  const friend = await app<AppSessionAnswer>({
    method: "POST",
    url: "/auth/sign-up",
    payload: signUpBody("friend@life.test", { referralCode: referrer.user.referCode }),
    ip: "198.51.100.2",
  });

  // The friend opens CPX's wall, completes a survey, and CPX calls the postback URL the Network screen shows.
  const walls = await app<{ offerwalls: { network: string; url: string }[] }>({
    url: "/offerwalls",
    token: friend.accessToken,
  });
  expect(walls.offerwalls[0]?.url).toContain(`ext_user_id=${friend.user._id}`);
  const { postbackUrl } = await dashboard<{ postbackUrl: string }>(
    "GET",
    `/api/network/cpxresearch/${operator.id}`,
  );
  const macros: Record<string, string> = {
    "{user_id}": friend.user._id,
    "{trans_id}": "cpx-life-1",
    "{status}": "1",
    "{amount_local}": "5000",
    "{amount_usd}": "10",
    "{ip_click}": "198.51.100.2",
    "{secure_hash}": md5(`cpx-life-1-${securityHash}`),
  };
  let url = postbackUrl.replace("http://rewards.test", "");
  for (const [macro, value] of Object.entries(macros)) url = url.replace(macro, encodeURIComponent(value));
  // From one of CPX's published server addresses: CPX postbacks from anywhere else are refused.
  const postback = await t.app.inject({ method: "GET", url, remoteAddress: "188.40.3.73" });
  expect(postback.statusCode, postback.body).toBe(200);

  // 10 USD × 0.5 × 1000 points = 5000 for the friend; the referrer's 25% is 1250. $3 or more from a user
  // under $100 earned waits 14 days by default: both shares are pending, not yet spendable.
  expect(await app<AppMe>({ url: "/me", token: friend.accessToken })).toMatchObject({
    points: 0,
    balance: { available: 0, pending: 5000, nextReleaseAt: expect.any(String) },
  });
  const heldLedger = await app<AppLedgerAnswer>({ url: "/me/ledger", token: friend.accessToken });
  expect(heldLedger.entities).toMatchObject([{ reason: "offer", amount: 5000, state: "pending" }]);

  // The operator trusts them and releases both holds by hand.
  for (const person of [friend, referrer]) {
    const holds = await dashboard<{ entities: { _id: string; points: number }[] }>(
      "GET",
      `/api/payouts/users/${person.user._id}/holds`,
    );
    for (const hold of holds.entities) await dashboard("POST", `/api/payouts/holds/${hold._id}/release`);
  }
  expect(await app<AppMe>({ url: "/me", token: friend.accessToken })).toMatchObject({
    points: 5000,
    balance: { available: 5000, pending: 0, nextReleaseAt: null },
  });
  expect(await app<AppMe>({ url: "/me", token: referrer.accessToken })).toMatchObject({
    points: 1250,
    referralCount: 1,
  });
  const offers = await app<AppOffersAnswer>({ url: "/me/offers", token: friend.accessToken });
  expect(offers.entities).toMatchObject([{ network: "cpxresearch", points: 5000, status: "credited" }]);

  // The friend redeems the $5 card from the catalog of their country.
  const catalog = await app<AppCatalogAnswer>({ url: "/rewards", token: friend.accessToken });
  expect(catalog.rewards[0]?.items[0]?._id).toBe(rewardItem._id);
  const requested = await app<AppRedeemAnswer>({
    method: "POST",
    url: "/redeems",
    token: friend.accessToken,
    payload: { rewardItemId: rewardItem._id },
  });
  expect(requested).toMatchObject({ points: 0, redeem: { status: 0, rewardCost: 5000 } });

  // The operator sees it Pending, pays it; the e-mail goes out through the tenant's Mailgun.
  const pending = await dashboard<{ entities: { _id: string; status: number }[] }>("POST", "/api/redeem", {
    queryParams: { filter: { status: 0 } },
  });
  expect(pending.entities.map((redeem) => redeem._id)).toEqual([requested.redeem._id]);
  await dashboard("PUT", `/api/redeem/sendReward/${requested.redeem._id}`, {
    code: "AMZN-LIFE-0001",
    rewardName: "Amazon $5",
    redeemEmail: "friend@life.test",
    subject: "Your Amazon card",
    text: "<p>Enjoy your card!</p>",
  });
  const mail = await t.mail.waitFor("friend@life.test");
  expect(mail).toMatchObject({ domain: "mg.life.test", apiKey: "key-life" });
  expect(mail.fields.html).toContain("AMZN-LIFE-0001");

  const redeems = await app<AppRedeemsAnswer>({ url: "/me/redeems", token: friend.accessToken });
  expect(redeems.entities.map((redeem) => redeem.status)).toEqual([1]);
  const ledger = await app<AppLedgerAnswer>({ url: "/me/ledger", token: friend.accessToken });
  expect(ledger.entities.map((row) => [row.reason, row.amount, row.state])).toEqual([
    ["redeem", -5000, "available"],
    ["hold_release", 5000, "available"],
    ["offer", 5000, "available"],
  ]);
  expect(await ledgerMismatches(t.db)).toEqual([]);
});
