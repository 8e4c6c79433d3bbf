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
