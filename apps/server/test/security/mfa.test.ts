import { messages, recoveryCodePattern } from "@rewards/contract";
import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminRecoveryCodes, admins, auditLog } from "../../src/db/schema/index.ts";
import { resetMfa } from "../../src/modules/auth/mfa.service.ts";
import {
  bearer,
  createActiveAdmin,
  goodPassword,
  login,
  profile,
  registerOwner,
  signIn,
} from "../support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Two-factor sign-in of administrators (TOTP, RFC 6238). The clock is faked (Date only), so each test can
// step to the next 30-second window when it needs a fresh code instead of waiting for one.
const ownerEmail = "owner@mfa.test";
const wrongCodeLimit = 3;

let t: TestApp;
let ownerToken: string;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  t = await startTestApp({
    outbox: false,
    // Every request comes from one address: only the per-account limit of codes is under test here.
    rateLimits: {
      mfaCodeFailuresPerAccount: { points: wrongCodeLimit, durationSeconds: 900 },
      mfaCodePerIp: { points: 10_000, durationSeconds: 900 },
      loginPerIp: { points: 10_000, durationSeconds: 900 },
      registerPerIp: { points: 10_000, durationSeconds: 900 },
    },
  });
  ownerToken = await registerOwner(t.app, ownerEmail);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/** The code an authenticator app shows now for the seed. */
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });
/** Moves the clock into the next 30-second step: the previous code is spent, a new one is due. */
const nextStep = () => vi.setSystemTime(Date.now() + 30_000);

const post = (url: string, token: string | undefined, payload?: object) =>
  t.app.inject({
    method: "POST",
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });

async function setup(token: string): Promise<{ secret: string; otpauthUrl: string }> {
  const response = await post("/api/profile/mfa/setup", token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function enable(token: string, secret: string): Promise<string[]> {
  const response = await post("/api/profile/mfa/enable", token, { code: await codeOf(secret) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ recoveryCodes: string[] }>().recoveryCodes;
}

/** An approved administrator with 2FA on: its id, a token from before, the seed and the recovery codes. */
async function enrolledAdmin(email: string) {
  const { id, token } = await createActiveAdmin(t.app, ownerToken, email);
  const { secret } = await setup(token);
  const recoveryCodes = await enable(token, secret);
  nextStep();
  return { id, token, secret, recoveryCodes };
}

/** The password step of a 2FA sign-in: the mfaToken. */
async function passwordStep(email: string): Promise<string> {
  const response = await login(t.app, email);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json();
  expect(answer).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return answer.mfaToken;
}

const codeStep = (mfaToken: string, code: string) =>
  post("/api/users/login/mfa", undefined, { mfaToken, code });

/** Exactly one attempt succeeded; the others were refused as wrong (401) or past the limit (429). */
function expectOneThrough(statuses: number[]) {
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  for (const status of statuses.filter((status) => status !== 200)) expect([401, 429]).toContain(status);
}

async function signInWithCode(email: string, code: string): Promise<string> {
  const response = await codeStep(await passwordStep(email), code);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().accessToken;
}

describe("2FA: enrolment from the profile", () => {
  it("setup answers a seed and its otpauth address; nothing changes at sign-in until a code confirms it", async () => {
    const { token } = await createActiveAdmin(t.app, ownerToken, "ann@mfa.test");
    const { secret, otpauthUrl } = await setup(token);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(decodeURIComponent(url.pathname)).toBe("/Rewards Admin:ann@mfa.test");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Rewards Admin");
    // Not active yet: the password alone still signs in, and the profile says 2FA is off.
    expect(Object.keys((await login(t.app, "ann@mfa.test")).json())).toEqual(["accessToken"]);
    expect((await profile(t.app, token)).json()).toMatchObject({ mfaEnabled: false, mfaRequired: false });
    // Kept encrypted: the column does not hold the seed.
    const raw = (await t.db.execute(
      sql`select mfa_pending_secret from admins where username = 'ann@mfa.test'`,
    )) as unknown as { rows: { mfa_pending_secret: string }[] };
    expect(raw.rows[0]?.mfa_pending_secret).toBeTruthy();
    expect(raw.rows[0]?.mfa_pending_secret).not.toContain(secret);
  });

  it("enable refuses a wrong code, then with the app's code answers ten recovery codes stored only hashed", async () => {
    const { id, token } = await createActiveAdmin(t.app, ownerToken, "ben@mfa.test");
    const { secret } = await setup(token);
    const wrong = await post("/api/profile/mfa/enable", token, { code: "000000" });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: messages.mfaCodeWrong,
      fieldErrors: { code: messages.mfaCodeWrong },
    });
    expect((await profile(t.app, token)).json().mfaEnabled).toBe(false);

    const codes = await enable(token, secret);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(recoveryCodePattern);
    expect((await profile(t.app, token)).json().mfaEnabled).toBe(true);
    const stored = await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
    expect(stored).toHaveLength(10);
    const hashes = stored.map((row) => row.codeHash).join(" ");
    for (const code of codes) expect(hashes).not.toContain(code);
    // The session that turned it on goes on working.
    expect((await profile(t.app, token)).statusCode).toBe(200);
  });

  it("refuses enable before setup, and setup while 2FA is on (a stolen session cannot swap the seed)", async () => {
    const { token } = await createActiveAdmin(t.app, ownerToken, "cid@mfa.test");
    const early = await post("/api/profile/mfa/enable", token, { code: "123456" });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().message).toBe(messages.mfaNotSetUp);
    const { secret } = await setup(token);
    await enable(token, secret);
    const again = await post("/api/profile/mfa/setup", token);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(messages.mfaAlreadyEnabled);
  });

  it("answers 400 with the message for a code that is neither 6 digits nor a recovery code", async () => {
    const { token } = await createActiveAdmin(t.app, ownerToken, "dee@mfa.test");
    for (const code of ["12345", "1234567", "abcde-fghij", "", "12 34 5x"]) {
      const response = await post("/api/profile/mfa/enable", token, { code });
      expect(response.statusCode, `${code}: ${response.body}`).toBe(400);
    }
  });
});

describe("2FA: sign-in in two steps", () => {
  it("login answers { mfaRequired, mfaToken }, and login/mfa with the code answers a working access token", async () => {
    const { secret } = await enrolledAdmin("eve@mfa.test");
    const mfaToken = await passwordStep("eve@mfa.test");
    const answer = await codeStep(mfaToken, await codeOf(secret));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(Object.keys(answer.json())).toEqual(["accessToken"]);
    const me = await profile(t.app, answer.json().accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: "eve@mfa.test", mfaEnabled: true });
  });

  it("a wrong password still answers 401 without any mfaToken", async () => {
    await enrolledAdmin("fay@mfa.test");
    const response = await login(t.app, "fay@mfa.test", "Not-The-Password-1");
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.loginIncorrect);
  });

  it("a code one step old or one step ahead is accepted (clock drift), two steps is not", async () => {
    const { secret } = await enrolledAdmin("gus@mfa.test");
    const early = await codeOf(secret);
    nextStep();
    await signInWithCode("gus@mfa.test", early);
    nextStep();
    nextStep();
    const stale = await codeStep(await passwordStep("gus@mfa.test"), early);
    expect(stale.statusCode).toBe(401);
  });
});

describe("2FA: the mfaToken opens nothing else", () => {
  it("is refused with 401 as a bearer token on guarded routes", async () => {
    await enrolledAdmin("hal@mfa.test");
    const mfaToken = await passwordStep("hal@mfa.test");
    for (const [method, url] of [
      ["GET", "/api/profile/me"],
      ["GET", "/api/profile/sessions"],
      ["POST", "/api/profile/mfa/setup"],
      ["POST", "/api/users/logout"],
      ["GET", "/api/dash"],
      ["GET", "/api/admins/security"],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(mfaToken) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(401);
    }
    const openApi = await t.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: bearer(mfaToken),
    });
    expect(openApi.statusCode).toBe(401);
  });

  it("an access token is refused as an mfaToken, and an mfaToken expires after 5 minutes", async () => {
    const { secret } = await enrolledAdmin("ida@mfa.test");
    const asMfa = await codeStep(ownerToken, await codeOf(secret));
    expect(asMfa.statusCode).toBe(401);
    expect(asMfa.json().message).toBe(messages.mfaTokenInvalid);
    const mfaToken = await passwordStep("ida@mfa.test");
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const late = await codeStep(mfaToken, await codeOf(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(messages.mfaTokenInvalid);
  });

  it("an mfaToken of an account whose 2FA was turned off since is refused", async () => {
    const { token, recoveryCodes } = await enrolledAdmin("jon@mfa.test");
    const mfaToken = await passwordStep("jon@mfa.test");
    expect((await post("/api/profile/mfa/disable", token, { code: recoveryCodes[0] })).statusCode).toBe(200);
    const response = await codeStep(mfaToken, recoveryCodes[1] ?? "");
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(messages.mfaTokenInvalid);
  });
});

describe("2FA: wrong codes are rate-limited like passwords", () => {
  it(`answers 429 after ${wrongCodeLimit} wrong codes, even for the right code, with Retry-After`, async () => {
    const { secret } = await enrolledAdmin("kit@mfa.test");
    const mfaToken = await passwordStep("kit@mfa.test");
    for (let attempt = 0; attempt < wrongCodeLimit; attempt++) {
      const wrong = await codeStep(mfaToken, "000000");
      expect(wrong.statusCode, wrong.body).toBe(401);
      expect(wrong.json().message).toBe(messages.mfaCodeWrong);
    }
    const limited = await codeStep(mfaToken, await codeOf(secret));
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().message).toBe(messages.tooManyRequests);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // A fresh mfaToken (the password again) does not reset the account's count.
    const again = await codeStep(await passwordStep("kit@mfa.test"), await codeOf(secret));
    expect(again.statusCode).toBe(429);
  });

  it("wrong codes at disable count against the same limit", async () => {
    const { token, secret } = await enrolledAdmin("lea@mfa.test");
    for (let attempt = 0; attempt < wrongCodeLimit; attempt++) {
      expect((await post("/api/profile/mfa/disable", token, { code: "000000" })).statusCode).toBe(400);
    }
    const limited = await post("/api/profile/mfa/disable", token, { code: await codeOf(secret) });
    expect(limited.statusCode, limited.body).toBe(429);
    expect((await profile(t.app, token)).json().mfaEnabled).toBe(true);
  });
});

describe("2FA: a used code cannot be replayed", () => {
  it("refuses the same code a second time inside its window", async () => {
    const { secret } = await enrolledAdmin("max@mfa.test");
    const code = await codeOf(secret);
    await signInWithCode("max@mfa.test", code);
    const replay = await codeStep(await passwordStep("max@mfa.test"), code);
    expect(replay.statusCode, replay.body).toBe(401);
    expect(replay.json().message).toBe(messages.mfaCodeWrong);
  });

  it("lets exactly one of five simultaneous sign-ins with the same code through", async () => {
    const { secret } = await enrolledAdmin("ned@mfa.test");
    const code = await codeOf(secret);
    const tokens = await Promise.all(Array.from({ length: 5 }, () => passwordStep("ned@mfa.test")));
    const answers = await Promise.all(tokens.map((mfaToken) => codeStep(mfaToken, code)));
    expectOneThrough(answers.map((answer) => answer.statusCode));
  });

  it("refuses the code that turned 2FA on", async () => {
    const { token } = await createActiveAdmin(t.app, ownerToken, "oli@mfa.test");
    const { secret } = await setup(token);
    const code = await codeOf(secret);
    expect((await post("/api/profile/mfa/enable", token, { code })).statusCode).toBe(200);
    expect((await codeStep(await passwordStep("oli@mfa.test"), code)).statusCode).toBe(401);
  });
});

describe("2FA: a recovery code works once", () => {
  it("signs in with a recovery code (typed in capitals without dashes too), then never again", async () => {
    const { recoveryCodes } = await enrolledAdmin("pam@mfa.test");
    const [first = "", second = ""] = recoveryCodes;
    await signInWithCode("pam@mfa.test", first);
    const reused = await codeStep(await passwordStep("pam@mfa.test"), first);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(messages.mfaCodeWrong);
    await signInWithCode("pam@mfa.test", ` ${second.replaceAll("-", "").toUpperCase()} `);
  });

  it("uses a recovery code up once even when sent five times at once", async () => {
    const { recoveryCodes } = await enrolledAdmin("quin@mfa.test");
    const tokens = await Promise.all(Array.from({ length: 5 }, () => passwordStep("quin@mfa.test")));
    const answers = await Promise.all(tokens.map((mfaToken) => codeStep(mfaToken, recoveryCodes[0] ?? "")));
    expectOneThrough(answers.map((answer) => answer.statusCode));
  });

  it("another account's recovery code is refused", async () => {
    const a = await enrolledAdmin("ray@mfa.test");
    await enrolledAdmin("sue@mfa.test");
    const response = await codeStep(await passwordStep("sue@mfa.test"), a.recoveryCodes[0] ?? "");
    expect(response.statusCode).toBe(401);
  });
});

describe("2FA: disable needs a code", () => {
  it("refuses no code and a wrong code; a current code turns it off and the password alone signs in again", async () => {
    const { id, token, secret } = await enrolledAdmin("tom@mfa.test");
    expect((await post("/api/profile/mfa/disable", token, {})).statusCode).toBe(400);
    const wrong = await post("/api/profile/mfa/disable", token, { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.mfaCodeWrong);
    expect((await profile(t.app, token)).json().mfaEnabled).toBe(true);

    const off = await post("/api/profile/mfa/disable", token, { code: await codeOf(secret) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: messages.mfaDisabled });
    expect((await profile(t.app, token)).json().mfaEnabled).toBe(false);
    expect(Object.keys((await login(t.app, "tom@mfa.test")).json())).toEqual(["accessToken"]);
    const [row] = await t.db.select().from(admins).where(eq(admins.id, id));
    expect(row).toMatchObject({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null });
    expect(await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id))).toEqual(
      [],
    );
    // Off already: a second disable says so.
    expect((await post("/api/profile/mfa/disable", token, { code: "123456" })).statusCode).toBe(409);
  });

  it("a recovery code turns it off too", async () => {
    const { token, recoveryCodes } = await enrolledAdmin("uma@mfa.test");
    const off = await post("/api/profile/mfa/disable", token, { code: recoveryCodes[9] });
    expect(off.statusCode, off.body).toBe(200);
  });
});

describe("2FA: reset from the shell (lost phone and recovery codes)", () => {
  it("turns 2FA off and ends the account's sessions, so the password alone signs in again", async () => {
    const { id, token } = await enrolledAdmin("wes@mfa.test");
    await resetMfa(t.db, id);
    expect((await profile(t.app, token)).statusCode).toBe(401);
    const fresh = await signIn(t.app, "wes@mfa.test");
    expect((await profile(t.app, fresh)).json().mfaEnabled).toBe(false);
    expect(await t.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id))).toEqual(
      [],
    );
  });
});

describe("2FA: the owner can require it of every administrator", () => {
  const security = (token: string, requireMfa?: boolean) =>
    t.app.inject({
      method: requireMfa === undefined ? "GET" : "PUT",
      url: "/api/admins/security",
      headers: bearer(token),
      ...(requireMfa === undefined ? {} : { payload: { requireMfa } }),
    });

  it("sends a non-enrolled administrator's calls to 403 except the enrolment routes, until they enrol", async () => {
    const { token: plain } = await createActiveAdmin(t.app, ownerToken, "vic@mfa.test");
    expect((await security(plain)).statusCode).toBe(403);
    expect((await security(plain, true)).statusCode).toBe(403);
    expect((await security(ownerToken)).json()).toEqual({ requireMfa: false });

    // The owner turns it on for themselves first; the rule cannot lock the owner out of the switch.
    const first = await security(ownerToken, true);
    expect(first.statusCode, first.body).toBe(400);
    expect(first.json().message).toBe(messages.mfaOwnerFirst);
    const { secret: ownerSecret } = await setup(ownerToken);
    await enable(ownerToken, ownerSecret);
    const on = await security(ownerToken, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ requireMfa: true });
    expect((await security(ownerToken)).json()).toEqual({ requireMfa: true });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "settings.security.save"));
    expect(entry).toMatchObject({
      recordType: "securityConfig",
      changes: { requireMfa: { before: false, after: true } },
    });

    // The password still signs the non-enrolled administrator in...
    const fresh = await signIn(t.app, "vic@mfa.test");
    for (const token of [plain, fresh]) {
      // ...but everything but enrolment, the profile, sessions and sign-out answers 403.
      for (const [method, url, payload] of [
        ["GET", "/api/dash", undefined],
        ["POST", "/api/users", { queryParams: {} }],
        ["GET", "/api/app-key", undefined],
      ] as const) {
        const refused = await t.app.inject({
          method,
          url,
          headers: bearer(token),
          ...(payload ? { payload } : {}),
        });
        expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(403);
        expect(refused.json().message).toBe(messages.mfaEnrolmentRequired);
      }
      const me = await profile(t.app, token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ mfaEnabled: false, mfaRequired: true });
      const sessions = await t.app.inject({
        method: "GET",
        url: "/api/profile/sessions",
        headers: bearer(token),
      });
      expect(sessions.statusCode).toBe(200);
    }
    expect((await post("/api/users/logout", fresh)).statusCode).toBe(200);

    // Enrolment opens the rest.
    const { secret } = await setup(plain);
    await enable(plain, secret);
    const open = await t.app.inject({ method: "GET", url: "/api/dash", headers: bearer(plain) });
    expect(open.statusCode, open.body).toBe(200);

    // Off again: everyone back to normal.
    nextStep();
    expect((await security(ownerToken, false)).statusCode).toBe(200);
  });

  it("takes only a boolean", async () => {
    for (const payload of [{}, { requireMfa: "yes" }, { requireMfa: 1 }]) {
      const response = await t.app.inject({
        method: "PUT",
        url: "/api/admins/security",
        headers: bearer(ownerToken),
        payload,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });
});

it("keeps the password in force: a sign-in with 2FA still checks the password first", async () => {
  const response = await login(t.app, ownerEmail, `${goodPassword}x`);
  expect(response.statusCode).toBe(401);
});
