import type { AppMe, AppSessionAnswer, AppUserDetails } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCall, appKeyOf, signUpBody, signUpOk } from "../../../test/support/app-api.ts";
import { bearer, goodPassword } from "../../../test/support/auth-helpers.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp, testJwtSecret } from "../../../test/support/test-app.ts";
import { admins, appUserDevices, appUserSessions, appUsers } from "../../db/schema/index.ts";
import { createAccessTokens } from "../../lib/access-tokens.ts";
import { createAppTokens } from "../../lib/app-tokens.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let keyA: string;
let keyB: string;

// Every sign-up here comes from one address; the rate limits have their own tests below.
const roomy = { points: 10_000, durationSeconds: 3600 };

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { appSignUpPerIp: roomy, appSignUpPerDevice: roomy } });
  ({ a, b } = await twoTenants(t.app));
  [keyA, keyB] = [await appKeyOf(t.db, a.id), await appKeyOf(t.db, b.id)];
});
afterAll(() => t.close());

const signIn = (key: string, email: string, password = goodPassword, device?: object) =>
  appCall(t.app, { method: "POST", url: "/auth/sign-in", key, payload: { email, password, device } });
const me = (key: string, token: string) => appCall(t.app, { url: "/me", key, token });

describe("POST /app/v1/auth/sign-up", () => {
  it("creates the user with their device record, fingerprint and Share Key, and signs them in", async () => {
    const body = signUpBody("Ada@Example.com");
    const response = await appCall(t.app, { method: "POST", url: "/auth/sign-up", key: keyA, payload: body });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json<AppSessionAnswer>();
    expect(session.user).toMatchObject({
      email: "ada@example.com",
      points: 0,
      referralCount: 0,
      // No IP-data key saved: the device's country decides the catalog.
      geo: "US",
      platform: "android",
      isVerified: false,
    });
    expect(session.user.referCode).toMatch(/^[A-Z2-9]{6}$/);
    expect((await me(keyA, session.accessToken)).json<AppMe>()).toEqual(session.user);

    const details = await t.app.inject({
      method: "GET",
      url: `/api/users/details/${session.user._id}`,
      headers: a.headers,
    });
    expect(details.statusCode, details.body).toBe(200);
    const shown = details.json<AppUserDetails>();
    expect(shown).toMatchObject({
      visitorId: body.visitorId,
      ipSignup: "127.0.0.1",
      userInfo: body.userInfo,
    });
    expect(shown.devices[0]).toMatchObject({ gaid: body.device.gaid, androidId: body.device.androidId });
    // Tenant b does not see a's user.
    const other = await t.app.inject({
      method: "GET",
      url: `/api/users/details/${session.user._id}`,
      headers: b.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it("links a referred user to the owner of the Share Key, case-insensitively", async () => {
    const referrer = await signUpOk(t.app, keyA, "referrer@example.com");
    const friend = await signUpOk(t.app, keyA, "friend@example.com", {
      referralCode: referrer.user.referCode.toLowerCase(),
    });
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.id, friend.user._id));
    expect(row?.referredBy).toBe(referrer.user._id);
    expect((await me(keyA, referrer.accessToken)).json<AppMe>().referralCount).toBe(1);
  });

  it.each([
    [{ email: "not-mail" }, "email", "Wrong email format"],
    [{ password: "short" }, "password", "Minimum 8 symbols"],
    [{ password: "x".repeat(65) }, "password", "Maximum 64 symbols"],
    [{ password: "password123" }, "password", "This password is too common"],
    [{ referralCode: "ZZZZZZ" }, "referralCode", "Unknown referral code"],
    [{ platform: "windows" }, "platform", "platform must be one of: android, ios"],
    [{ device: { country_code: "USA" } }, "device.country_code", "A two-letter country code"],
  ])("answers 400 for %j and creates nothing", async (overrides, field, message) => {
    const email = `bad-${field}-${Math.random()}@example.com`;
    const response = await appCall(t.app, {
      method: "POST",
      url: "/auth/sign-up",
      key: keyA,
      payload: { ...signUpBody(email), ...overrides },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await t.db.select().from(appUsers).where(eq(appUsers.username, email))).toEqual([]);
  });

  it("answers 409 for an e-mail already used in this app; another app may use it", async () => {
    await signUpOk(t.app, keyA, "twice@example.com");
    const again = await appCall(t.app, {
      method: "POST",
      url: "/auth/sign-up",
      key: keyA,
      payload: signUpBody("TWICE@example.com"),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: "An account with this e-mail already exists" });
    await signUpOk(t.app, keyB, "twice@example.com");
  });

  it("answers 401 without an app key or with an unknown one", async () => {
    const payload = signUpBody("nokey@example.com");
    const missing = await appCall(t.app, { method: "POST", url: "/auth/sign-up", payload });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe("Send the app key in the x-app-key header");
    const unknown = await appCall(t.app, { method: "POST", url: "/auth/sign-up", key: "nope", payload });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe("Unknown app key: check the x-app-key header");
  });
});

describe("POST /app/v1/auth/sign-in", () => {
  it("signs in, and keeps one device record for the same device", async () => {
    const body = signUpBody("signin@example.com");
    const created = await signUpOk(t.app, keyA, "signin@example.com", { device: body.device });
    for (let i = 0; i < 2; i++) {
      const response = await signIn(keyA, "SignIn@example.com", goodPassword, body.device);
      expect(response.statusCode, response.body).toBe(200);
      const session = response.json<AppSessionAnswer>();
      expect(session.user._id).toBe(created.user._id);
      expect((await me(keyA, session.accessToken)).statusCode).toBe(200);
    }
    const devices = await t.db
      .select()
      .from(appUserDevices)
      .where(eq(appUserDevices.userId, created.user._id));
    expect(devices).toHaveLength(1);
  });

  it("answers 401 for a wrong password or an unknown e-mail, with the same message", async () => {
    await signUpOk(t.app, keyA, "wrongpw@example.com");
    const wrong = await signIn(keyA, "wrongpw@example.com", "Not-The-Password-1");
    const unknown = await signIn(keyA, "nobody@example.com");
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().message).toBe(unknown.json().message);
    // The user exists in app a only.
    expect((await signIn(keyB, "wrongpw@example.com")).statusCode).toBe(401);
  });

  it("answers 400 for a malformed body and 401 without an app key", async () => {
    const bad = await appCall(t.app, {
      method: "POST",
      url: "/auth/sign-in",
      key: keyA,
      payload: { email: "not-an-email" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ email: "Wrong email format", password: "Required field" });
    const noKey = await appCall(t.app, {
      method: "POST",
      url: "/auth/sign-in",
      payload: { email: "a@example.com", password: goodPassword },
    });
    expect(noKey.statusCode).toBe(401);
  });

  it("answers 403 for a user the operator banned", async () => {
    const session = await signUpOk(t.app, keyA, "banned@example.com");
    const ban = await t.app.inject({
      method: "PUT",
      url: "/api/users/state/ids",
      headers: a.headers,
      payload: { ids: [session.user._id], status: 2 },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const response = await signIn(keyA, "banned@example.com");
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/banned/);
  });
});

describe("app tokens and administrator tokens", () => {
  it("refuses an app token on /api and an administrator's token on /app/v1", async () => {
    const session = await signUpOk(t.app, keyA, "tokens@example.com");
    const onApi = await t.app.inject({
      method: "GET",
      url: "/api/profile/me",
      headers: bearer(session.accessToken),
    });
    expect(onApi.statusCode).toBe(401);
    const onApp = await me(keyA, a.token);
    expect(onApp.statusCode).toBe(401);
  });

  it("checks the audience: each kind of token verifies only as itself", async () => {
    const adminTokens = createAccessTokens(testJwtSecret, 3600);
    const appTokens = createAppTokens(testJwtSecret);
    const adminToken = await adminTokens.sign({ adminId: a.id, tokenVersion: 0, sessionId: a.id });
    const appToken = await appTokens.sign({ adminId: a.id, userId: a.id, sessionId: a.id });
    expect(await adminTokens.verify(adminToken)).toEqual({ adminId: a.id, tokenVersion: 0, sessionId: a.id });
    expect(await adminTokens.verify(appToken)).toBeNull();
    expect(await appTokens.verify(appToken)).toEqual({ adminId: a.id, userId: a.id, sessionId: a.id });
    expect(await appTokens.verify(adminToken)).toBeNull();
  });

  it("refuses a token of one app with another app's key", async () => {
    const session = await signUpOk(t.app, keyA, "crossapp@example.com");
    expect((await me(keyB, session.accessToken)).statusCode).toBe(401);
    expect((await me(keyA, session.accessToken)).statusCode).toBe(200);
  });

  it("answers 401 without a token, or with a forged one", async () => {
    expect((await me(keyA, "")).statusCode).toBe(401);
    const forged = await createAppTokens("another-secret-another-secret-another-secret").sign({
      adminId: a.id,
      userId: a.id,
      sessionId: a.id,
    });
    expect((await me(keyA, forged)).statusCode).toBe(401);
  });
});

describe("GET /api/app-key", () => {
  it("answers each operator their own app's key; 401 without a token", async () => {
    const ofA = await t.app.inject({ method: "GET", url: "/api/app-key", headers: a.headers });
    expect(ofA.json()).toEqual({ appKey: keyA, header: "x-app-key" });
    const ofB = await t.app.inject({ method: "GET", url: "/api/app-key", headers: b.headers });
    expect(ofB.json()).toEqual({ appKey: keyB, header: "x-app-key" });
    expect(keyA).not.toBe(keyB);
    expect((await t.app.inject({ method: "GET", url: "/api/app-key" })).statusCode).toBe(401);
  });
});

describe("POST /app/v1/auth/sign-out", () => {
  it("revokes this session only: the same user's other device stays signed in", async () => {
    const first = await signUpOk(t.app, keyA, "twodevices@example.com");
    const second = (await signIn(keyA, "twodevices@example.com")).json<AppSessionAnswer>();
    const out = await appCall(t.app, {
      method: "POST",
      url: "/auth/sign-out",
      key: keyA,
      token: first.accessToken,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await me(keyA, first.accessToken)).statusCode).toBe(401);
    expect((await me(keyA, second.accessToken)).statusCode).toBe(200);
    const sessions = await t.db
      .select()
      .from(appUserSessions)
      .where(eq(appUserSessions.userId, first.user._id));
    expect(sessions.filter((session) => session.revokedAt !== null)).toHaveLength(1);
    // Signing out again with the revoked token: it no longer opens anything.
    const again = await appCall(t.app, {
      method: "POST",
      url: "/auth/sign-out",
      key: keyA,
      token: first.accessToken,
    });
    expect(again.statusCode).toBe(401);
  });
});

describe("a signed-in call's key and token (one read of the tenant with the session's user)", () => {
  const unknownKey = "Unknown app key: check the x-app-key header";
  const unauthorized = (response: { statusCode: number; json: () => { message: string } }) =>
    response.statusCode === 401 && response.json().message !== unknownKey;

  it("answers the user of a live session, with the app's key", async () => {
    const session = await signUpOk(t.app, keyA, "keyed@example.com");
    const answer = await me(keyA, session.accessToken);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<AppMe>()._id).toBe(session.user._id);
  });

  it("names a missing or unknown key first, whatever the token", async () => {
    const session = await signUpOk(t.app, keyA, "nokey-signedin@example.com");
    const missing = await appCall(t.app, { url: "/me", token: session.accessToken });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe("Send the app key in the x-app-key header");
    for (const token of [session.accessToken, "not-a-token", undefined]) {
      const unknown = await appCall(t.app, { url: "/me", key: "nope", ...(token ? { token } : {}) });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().message).toBe(unknownKey);
    }
  });

  it("refuses another app's user, a forged or missing token and a signed-out session", async () => {
    const ofA = await signUpOk(t.app, keyA, "cross-app-token@example.com");
    // A's user with B's key: B has no such session.
    expect(unauthorized(await me(keyB, ofA.accessToken))).toBe(true);
    expect(unauthorized(await appCall(t.app, { url: "/me", key: keyA }))).toBe(true);
    expect(unauthorized(await me(keyA, `${ofA.accessToken}x`))).toBe(true);
    await appCall(t.app, { method: "POST", url: "/auth/sign-out", key: keyA, token: ofA.accessToken });
    expect(unauthorized(await me(keyA, ofA.accessToken))).toBe(true);
  });

  it("closes an inactive app's calls, its signed-in users' too", async () => {
    const session = await signUpOk(t.app, keyB, "inactive-app@example.com");
    expect((await me(keyB, session.accessToken)).statusCode).toBe(200);
    await t.db.update(admins).set({ status: "disabled" }).where(eq(admins.id, b.id));
    try {
      const closed = await me(keyB, session.accessToken);
      expect(closed.statusCode).toBe(401);
      expect(closed.json().message).toBe(unknownKey);
    } finally {
      await t.db.update(admins).set({ status: "active" }).where(eq(admins.id, b.id));
    }
    expect((await me(keyB, session.accessToken)).statusCode).toBe(200);
  });
});

describe("rate limits", () => {
  let limited: TestApp;
  let key: string;
  const once = { points: 2, durationSeconds: 3600 };

  beforeAll(async () => {
    limited = await startTestApp({
      rateLimits: {
        appSignUpPerIp: once,
        appSignUpPerDevice: once,
        appSignInPerIp: once,
        appSignInPerDevice: once,
      },
    });
    const { a: owner } = await twoTenants(limited.app);
    key = await appKeyOf(limited.db, owner.id);
  });
  afterAll(() => limited.close());

  const signUp = (email: string, ip: string, device?: object) =>
    appCall(limited.app, {
      method: "POST",
      url: "/auth/sign-up",
      key,
      ip,
      payload: { ...signUpBody(email), ...(device ? { device } : {}) },
    });

  it("answers 429 to a third sign-up from one IP, with Retry-After", async () => {
    expect((await signUp("ip1@example.com", "198.51.100.1")).statusCode).toBe(200);
    expect((await signUp("ip2@example.com", "198.51.100.1")).statusCode).toBe(200);
    const third = await signUp("ip3@example.com", "198.51.100.1");
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    expect((await signUp("ip3@example.com", "198.51.100.2")).statusCode).toBe(200);
  });

  it("answers 429 to a third sign-up from one device, whatever the IP", async () => {
    const device = { androidId: "a1b2c3d4e5f60718", gaid: "6f1c0c43-6d0e-4d8e-9d55-1c2e3f4a5b6c" };
    expect((await signUp("dev1@example.com", "203.0.113.1", device)).statusCode).toBe(200);
    expect((await signUp("dev2@example.com", "203.0.113.2", device)).statusCode).toBe(200);
    expect((await signUp("dev3@example.com", "203.0.113.3", device)).statusCode).toBe(429);
  });

  it("answers 429 to sign-in attempts past the limit per IP and per device", async () => {
    const signIn = (ip: string, device?: object) =>
      appCall(limited.app, {
        method: "POST",
        url: "/auth/sign-in",
        key,
        ip,
        payload: { email: "ip1@example.com", password: "Wrong-Password-1", device },
      });
    expect((await signIn("192.0.2.1")).statusCode).toBe(401);
    expect((await signIn("192.0.2.1")).statusCode).toBe(401);
    expect((await signIn("192.0.2.1")).statusCode).toBe(429);
    const device = { androidId: "ffeeddccbbaa9988" };
    expect((await signIn("192.0.2.10", device)).statusCode).toBe(401);
    expect((await signIn("192.0.2.11", device)).statusCode).toBe(401);
    expect((await signIn("192.0.2.12", device)).statusCode).toBe(429);
  });
});
