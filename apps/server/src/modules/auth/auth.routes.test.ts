import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { messages } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  goodPassword,
  login,
  profile,
  register,
  setState,
} from "../../../test/support/auth-helpers.ts";
import { startTestApp, type TestApp, testJwtSecret } from "../../../test/support/test-app.ts";
import { admins } from "../../db/schema/index.ts";

const ownerEmail = "olive.owner@rewards.test";
const pendingEmail = "pat.pending@rewards.test";

let t: TestApp;
let firstRegistration: { statusCode: number; body: unknown };
let ownerToken: string;
let ownerId: string;

beforeAll(async () => {
  t = await startTestApp();
  // Mixed case and spaces: the address must be stored trimmed and lower-cased.
  const response = await register(t.app, "  Olive.Owner@Rewards.TEST ", { fullName: "Olive Owner" });
  firstRegistration = { statusCode: response.statusCode, body: response.json() };
  ownerToken = (firstRegistration.body as { accessToken: string }).accessToken;
  const [row] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, ownerEmail));
  ownerId = row?.id ?? "";
});
afterAll(() => t.close());

const expectError = (
  response: { statusCode: number; json: () => unknown },
  statusCode: number,
  error: string,
  message: string,
) => {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toMatchObject({ statusCode, error, message });
};

/** The 10,000 most common passwords, as the server reads them. */
function commonPasswords(): string[] {
  const path = createRequire(import.meta.url).resolve("@zxcvbn-ts/language-common/src/passwords.json");
  return (JSON.parse(readFileSync(path, "utf8")) as string[]).slice(0, 10_000);
}

describe("register", () => {
  it("makes the first account the active owner and answers a working token", async () => {
    expect(firstRegistration.statusCode).toBe(200);
    expect(Object.keys(firstRegistration.body as object)).toEqual(["accessToken"]);
    const me = await profile(t.app, ownerToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      _id: ownerId,
      fullName: "Olive Owner",
      username: ownerEmail,
      // A registered account owns its own app, named by its id; the first is the installation's owner.
      appId: ownerId,
      role: "owner",
      installationOwner: true,
      mfaEnabled: false,
      mfaRequired: false,
      // An owner's adjustments have no limit.
      adjustmentAllowance: null,
      // Not chosen yet, and the request asked for no language.
      language: "en",
      // The app's, until its General settings name another.
      timeZone: "UTC",
    });
    expect(ownerId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("stores the e-mail trimmed and lower-cased, and the password only as an argon2id hash", async () => {
    const rows = await t.db.select().from(admins);
    expect(rows.map((row) => row.username)).toEqual([ownerEmail]);
    expect(rows[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.passwordHash).not.toContain(goodPassword);
  });

  it("makes every later account pending and answers 403 without a token", async () => {
    const response = await register(t.app, pendingEmail);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: "Forbidden",
      code: "accountPending",
      message: messages.accountPending,
    });
    const [row] = await t.db.select().from(admins).where(eq(admins.username, pendingEmail));
    expect(row).toMatchObject({ role: "admin", status: "pending" });
  });

  it("refuses an e-mail already registered, whatever its case", async () => {
    const response = await register(t.app, "OLIVE.owner@rewards.test");
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 409, error: "Conflict" });
    expect(body.fieldErrors.username).toEqual(expect.any(String));
    expect(await t.db.select().from(admins).where(eq(admins.username, ownerEmail))).toHaveLength(1);
  });

  it.each([
    ["a short full name", { fullName: "Al" }, { fullName: messages.min(3) }],
    ["a blank full name", { fullName: "   " }, { fullName: messages.required }],
    ["a bad e-mail", { username: "not-an-email" }, { username: messages.wrongEmail }],
    [
      "a password of 7 symbols",
      { password: "Xk7#pQ2", confirmPassword: "Xk7#pQ2" },
      { password: messages.min(8) },
    ],
    [
      "a password of 65 symbols",
      { password: "Xk7#pQ2w".repeat(8).concat("z"), confirmPassword: "Xk7#pQ2w".repeat(8).concat("z") },
      { password: messages.max(64) },
    ],
    [
      "a mismatched confirmation",
      { confirmPassword: `${goodPassword}!` },
      { confirmPassword: messages.passwordMismatch },
    ],
  ])("answers 400 with field errors for %s", async (_name, overrides, fieldErrors) => {
    const response = await register(t.app, "someone.new@rewards.test", overrides);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 400, error: "Bad Request", message: expect.any(String) });
    expect(body.fieldErrors).toEqual(fieldErrors);
    expect(await t.db.select().from(admins).where(eq(admins.username, "someone.new@rewards.test"))).toEqual(
      [],
    );
  });

  it("refuses a password among the 10,000 most common ones", async () => {
    const common = commonPasswords().find((password) => password.length >= 8 && password.length <= 64);
    if (!common) throw new Error("the common list has no password of 8 to 64 symbols");
    for (const password of [common, common.toUpperCase()]) {
      const response = await register(t.app, "someone.new@rewards.test", {
        password,
        confirmPassword: password,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: "Bad Request",
        code: "passwordTooCommon",
        message: messages.passwordTooCommon,
        fieldErrors: { password: messages.passwordTooCommon },
      });
    }
  });

  it("refuses password123, which is in the common list", async () => {
    const common = new Set(commonPasswords());
    expect(common.has("password123")).toBe(true);
    const response = await register(t.app, "someone.new@rewards.test", {
      password: "password123",
      confirmPassword: "password123",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.passwordTooCommon);
  });

  it("answers a missing body with the error shape", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/users/register" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      message: expect.any(String),
    });
  });

  it("answers malformed JSON with the error shape", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      headers: { "content-type": "application/json" },
      payload: '{"fullName": "Broken',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      message: expect.any(String),
    });
  });

  it("answers a JSON value of the wrong type with the error shape", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/users/register",
      headers: { "content-type": "application/json" },
      payload: "[1, 2]",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      message: expect.any(String),
    });
  });
});

describe("login", () => {
  it("answers a working token, with the e-mail in any case", async () => {
    const response = await login(t.app, " OLIVE.Owner@rewards.test ");
    expect(response.statusCode).toBe(200);
    const me = await profile(t.app, response.json().accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ _id: ownerId, role: "owner" });
  });

  it("answers 401 for a wrong password", async () => {
    expectError(
      await login(t.app, ownerEmail, `${goodPassword}x`),
      401,
      "Unauthorized",
      messages.loginIncorrect,
    );
  });

  it("answers 401 for an unknown e-mail", async () => {
    expectError(await login(t.app, "nobody@rewards.test"), 401, "Unauthorized", messages.loginIncorrect);
  });

  it("answers 403 for a pending account with the right password", async () => {
    expectError(await login(t.app, pendingEmail), 403, "Forbidden", messages.accountPending);
  });

  it("answers 401 for a pending account with a wrong password, so nothing leaks", async () => {
    expectError(
      await login(t.app, pendingEmail, "wrong-password"),
      401,
      "Unauthorized",
      messages.loginIncorrect,
    );
  });

  it("answers 403 for a disabled account with the right password", async () => {
    const disabledEmail = "dora.disabled@rewards.test";
    expect((await register(t.app, disabledEmail)).statusCode).toBe(403);
    const [row] = await t.db.select().from(admins).where(eq(admins.username, disabledEmail));
    expect((await setState(t.app, ownerToken, row?.id ?? "", "disabled")).statusCode).toBe(200);
    expectError(await login(t.app, disabledEmail), 403, "Forbidden", messages.accountDisabled);
    expectError(
      await login(t.app, disabledEmail, "wrong-password"),
      401,
      "Unauthorized",
      messages.loginIncorrect,
    );
  });

  it("answers 400 with field errors for a password under 3 symbols", async () => {
    const response = await login(t.app, ownerEmail, "ab");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ password: messages.min(3) });
  });
});

describe("access tokens", () => {
  const key = new TextEncoder().encode(testJwtSecret);
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  // The owner's sign-in session: a token built here names it, as the server's own tokens do.
  const sid = () => decodeJwt(ownerToken).sid;
  const claims = () => ({ sub: ownerId, ver: 0, sid: sid() });

  const signed = (secret: Uint8Array, expiresAt: number) =>
    new SignJWT({ ver: 0, sid: sid() })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(ownerId)
      .setIssuer("rewards-admin")
      .setAudience("rewards-admin/api")
      .setIssuedAt(expiresAt - 3600)
      .setExpirationTime(expiresAt)
      .sign(secret);

  const expectUnauthorized = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: "GET", url: "/api/profile/me", headers });
    expectError(response, 401, "Unauthorized", messages.unauthorized);
  };

  const now = () => Math.floor(Date.now() / 1000);

  it("opens the API with a token built here the same way (so the refusals below are about one flaw)", async () => {
    const response = await profile(t.app, await signed(key, now() + 600));
    expect(response.statusCode).toBe(200);
    expect(response.json()._id).toBe(ownerId);
  });

  it("issues HS256 tokens for the account, valid for the default 12 hours", () => {
    expect(decodeProtectedHeader(ownerToken).alg).toBe("HS256");
    const payload = decodeJwt(ownerToken);
    expect(payload).toMatchObject({ sub: ownerId, ver: 0, iss: "rewards-admin", aud: "rewards-admin/api" });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(12 * 3600);
  });

  it("answers 401 without a token", async () => {
    await expectUnauthorized({});
  });

  it("answers 401 for a garbage token and a non-Bearer scheme", async () => {
    await expectUnauthorized(bearer("not.a.token"));
    await expectUnauthorized({ authorization: `Basic ${ownerToken}` });
  });

  it("answers 401 for a token signed with another secret", async () => {
    const other = new TextEncoder().encode("another-secret-another-secret-another-secret");
    await expectUnauthorized(bearer(await signed(other, now() + 600)));
  });

  it("answers 401 for an unsigned token (alg none)", async () => {
    const header = base64url({ alg: "none", typ: "JWT" });
    const payload = base64url({
      ...claims(),
      iss: "rewards-admin",
      aud: "rewards-admin/api",
      iat: now(),
      exp: now() + 600,
    });
    await expectUnauthorized(bearer(`${header}.${payload}.`));
  });

  it("answers 401 for an expired token", async () => {
    await expectUnauthorized(bearer(await signed(key, now() - 60)));
  });

  it("answers 401 for a well-signed token of an older token version", async () => {
    const stale = await new SignJWT({ ver: 7, sid: sid() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(ownerId)
      .setIssuer("rewards-admin")
      .setAudience("rewards-admin/api")
      .setExpirationTime("10m")
      .sign(key);
    await expectUnauthorized(bearer(stale));
  });

  it("answers 401 for a well-signed token whose subject is not an account id", async () => {
    const odd = await new SignJWT({ ver: 0, sid: sid() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("not-a-uuid")
      .setIssuer("rewards-admin")
      .setAudience("rewards-admin/api")
      .setExpirationTime("10m")
      .sign(key);
    await expectUnauthorized(bearer(odd));
  });

  it("answers 401 for a well-signed token of an account that does not exist", async () => {
    // It names a live session, but of another account.
    const ghost = await new SignJWT({ ver: 0, sid: sid() })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("01900000-0000-7000-8000-000000000000")
      .setIssuer("rewards-admin")
      .setAudience("rewards-admin/api")
      .setExpirationTime("10m")
      .sign(key);
    await expectUnauthorized(bearer(ghost));
  });
});
