import { createHash } from "node:crypto";
import { expect } from "vitest";

/** Direct API calls for arranging a test; the screens under test are driven through the browser. */
export async function apiCall<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function registerAccount(
  baseUrl: string,
  account: { fullName: string; username: string; password: string },
) {
  return apiCall<{ accessToken?: string; message?: string }>(baseUrl, "POST", "/api/users/register", {
    ...account,
    confirmPassword: account.password,
  });
}

/** The app's own Mailgun settings of the tests: the reward e-mails of paid redeems go out with them. */
export const tenantMailgun = {
  mailgunDomain: "mg.tenant.test",
  apiKey: "key-tenant",
  fromEmail: "rewards@tenant.test",
  supportEmail: "support@tenant.test",
};

/** Saves the app's Mailgun settings (the server's mail goes to the tests' sink); throws unless saved. */
export async function configureMailgun(baseUrl: string, token: string) {
  const answer = await apiCall(baseUrl, "POST", "/api/setting/mailgun/", tenantMailgun, token);
  if (answer.status !== 200)
    throw new Error(`the Mailgun settings were not saved: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A call of the mobile app (/app/v1) with the app's key, and the user's token once signed in; expects 200. */
export type MobileAppCall = <T>(
  method: string,
  path: string,
  body?: unknown,
  userToken?: string,
) => Promise<T>;

/** The mobile app's calls to the server at `baseUrl`, made with the app key `appKey`. */
export function mobileApp(baseUrl: string, appKey: string): MobileAppCall {
  return async <T>(method: string, path: string, body?: unknown, userToken?: string) => {
    const response = await fetch(`${baseUrl}/app/v1${path}`, {
      method,
      headers: {
        "x-app-key": appKey,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(userToken ? { authorization: `Bearer ${userToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    expect(response.status, JSON.stringify(answer)).toBe(200);
    return answer;
  };
}

/** The mobile app's calls to the server at `baseUrl`, with the app key read by the owner's `token`. */
export async function mobileAppOf(baseUrl: string, token: string): Promise<MobileAppCall> {
  const key = await apiCall<{ appKey: string }>(baseUrl, "GET", "/api/app-key", undefined, token);
  expect(key.status).toBe(200);
  return mobileApp(baseUrl, key.body.appKey);
}

/** Credits an app user `points` by an administrator's adjustment (the Users screen's edit call); expects 200. */
export async function creditAppUser(
  baseUrl: string,
  token: string,
  user: { _id: string; referCode: string },
  points: number,
) {
  const credit = await apiCall(
    baseUrl,
    "PUT",
    `/api/users/${user._id}`,
    {
      referCode: user.referCode,
      provision: 0,
      isVerfied: true,
      pointsDelta: points,
      pointsReason: "E2E credit",
    },
    token,
  );
  expect(credit.status).toBe(200);
}

/**
 * Makes a reward item pay from its code stock and imports `codes` into it (arranged through the API: the
 * catalog's and the codes' screens have their own specs). Expects every code added.
 */
async function stockItemWithCodes(
  baseUrl: string,
  token: string,
  item: { _id: string; cost: string | number; points: number },
  codes: string[],
) {
  const fulfilment = await apiCall(
    baseUrl,
    "PUT",
    `/api/reward/rewardItem/${item._id}`,
    { cost: item.cost, points: item.points, fulfilment: "inventory", lowStockBelow: 0 },
    token,
  );
  expect(fulfilment.status, JSON.stringify(fulfilment.body)).toBe(200);
  const imported = await apiCall<{ added: number }>(
    baseUrl,
    "POST",
    `/api/payouts/items/${item._id}/codes?dryRun=false`,
    { csv: ["code", ...codes].join("\n") },
    token,
  );
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  expect(imported.body.added).toBe(codes.length);
}

type CatalogItem = { _id: string; cost: string; points: number };

/**
 * An app user's pending redeems of one reward item paid from its code stock, one per code: signs the user
 * up from the app (`email`, a device with `gaid`), takes the demo catalog's first item (by id), credits the
 * user enough for them, stocks the item with `codes` and sets up Mailgun for the reward e-mails.
 */
export async function redeemsFromCodeStock(
  baseUrl: string,
  token: string,
  buyer: { email: string; gaid: string; codes: string[] },
) {
  const appCall = await mobileAppOf(baseUrl, token);
  const user = await appCall<{ accessToken: string; user: { _id: string; referCode: string } }>(
    "POST",
    "/auth/sign-up",
    {
      email: buyer.email,
      password: "Violet-Harbor-Lantern-42",
      platform: "android",
      device: { device_name: "Pixel 8", gaid: buyer.gaid, country_code: "US" },
    },
  );
  const catalog = await appCall<{ rewards: { items: CatalogItem[] }[] }>(
    "GET",
    "/rewards",
    undefined,
    user.accessToken,
  );
  const item = catalog.rewards
    .flatMap((reward) => reward.items)
    .sort((a, b) => a._id.localeCompare(b._id))[0];
  if (!item) throw new Error("the demo catalog has no reward item");
  await creditAppUser(baseUrl, token, user.user, item.points * buyer.codes.length + 1000);
  await stockItemWithCodes(baseUrl, token, item, buyer.codes);
  await configureMailgun(baseUrl, token);
  const redeemIds: string[] = [];
  for (const _ of buyer.codes) {
    const asked = await appCall<{ redeem: { _id: string } }>(
      "POST",
      "/redeems",
      { rewardItemId: item._id },
      user.accessToken,
    );
    redeemIds.push(asked.redeem._id);
  }
  return { user: user.user, item, redeemIds };
}

/** The pending redeems (status 0), newest first, as the first page of `pageSize` of the admin API's list. */
export async function pendingRedeems<T>(baseUrl: string, token: string, pageSize: number): Promise<T[]> {
  const answer = await apiCall<{ entities: T[] }>(
    baseUrl,
    "POST",
    "/api/redeem/?group=false",
    {
      queryParams: {
        filter: { status: 0 },
        sortField: "redeemDate",
        sortOrder: "desc",
        pageNumber: 1,
        pageSize,
      },
    },
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body.entities;
}

/**
 * A completed survey from CPX Research, credited to the newest active app user: saves the app's CPX config
 * first (taken only from this machine's addresses; 409 when an earlier call saved it, with the same security
 * hash), then sends the postback signed as CPX signs it (md5 of the transaction id and that hash). Expects 200.
 */
export async function creditFromCpx(
  baseUrl: string,
  token: string,
  offer: { transaction: string; usd: string; points?: number },
) {
  const me = await apiCall<{ _id: string }>(baseUrl, "GET", "/api/profile/me", undefined, token);
  const appToken = "e2e-cpx-hash";
  const saved = await apiCall(
    baseUrl,
    "POST",
    "/api/network/",
    {
      network: "cpxresearch",
      appId: "1",
      appToken,
      provision: 0.5,
      iosEnable: 1,
      androidEnable: 1,
      // CPX postbacks are taken only from listed addresses; here "CPX" is the test, on this machine.
      allowedIps: ["127.0.0.1", "::1"],
    },
    token,
  );
  expect([200, 409]).toContain(saved.status);
  const config = await apiCall<{ postbackUrl: string }>(
    baseUrl,
    "GET",
    `/api/network/cpxresearch/${me.body._id}`,
    undefined,
    token,
  );
  const users = await apiCall<{ entities: { _id: string }[] }>(
    baseUrl,
    "POST",
    "/api/users?group=false",
    {
      queryParams: {
        filter: { status: 3 },
        sortField: "createdAt",
        sortOrder: "desc",
        pageNumber: 1,
        pageSize: 1,
      },
    },
    token,
  );
  const values: Record<string, string> = {
    "{user_id}": users.body.entities[0]?._id ?? "",
    "{trans_id}": offer.transaction,
    "{status}": "1",
    "{amount_local}": String(offer.points ?? 100),
    "{amount_usd}": offer.usd,
    "{ip_click}": "203.0.113.9",
    "{secure_hash}": createHash("md5").update(`${offer.transaction}-${appToken}`).digest("hex"),
  };
  const hint = new URL(config.body.postbackUrl);
  let query = hint.search;
  for (const [macro, value] of Object.entries(values))
    query = query.replace(macro, encodeURIComponent(value));
  expect((await fetch(`${baseUrl}${hint.pathname}${query}`)).status).toBe(200);
}
