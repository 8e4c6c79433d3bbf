import { createHash, randomBytes } from "node:crypto";
import { messages } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goodPassword, login, profile, registerOwner } from "../../../test/support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { passwordResets } from "../../db/schema/index.ts";

const ownerEmail = "olive.owner@rewards.test";
const linkPattern = /http:\/\/rewards\.test\/auth\/reset\/([A-Za-z0-9_-]+)/;

let t: TestApp;
let ownerToken: string;
let currentPassword = goodPassword;

beforeAll(async () => {
  // This file asks for more links than the default 5 per address; rate limits have their own file.
  t = await startTestApp({ rateLimits: { recoverPerEmail: { points: 100, durationSeconds: 3600 } } });
  ownerToken = await registerOwner(t.app, ownerEmail);
});
afterAll(() => t.close());

const mailsTo = (to: string) => t.mail.received.filter((mail) => mail.fields.to === to);

const recover = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/users/auth/recover", payload: { email } });

const checkToken = async (token: string) => {
  const response = await t.app.inject({ method: "GET", url: `/api/users/auth/reset/${token}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const reset = (token: string, password: string, confirmPassword = password) =>
  t.app.inject({
    method: "POST",
    url: `/api/users/auth/reset/${token}`,
    payload: { password, confirmPassword },
  });

/** Asks for a link and returns the token of the mail it produced. */
async function requestToken(email = ownerEmail): Promise<string> {
  const before = mailsTo(email).length;
  const response = await recover(email);
  expect(response.statusCode, response.body).toBe(200);
  const sent = mailsTo(email);
  expect(sent).toHaveLength(before + 1);
  const token = linkPattern.exec(sent.at(-1)?.fields.text ?? "")?.[1];
  if (!token) throw new Error("the mail holds no reset link");
  return token;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("recover", () => {
  it("answers 404 naming an unknown address, and sends nothing", async () => {
    const response = await recover("Nobody@Rewards.test");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      code: "notFoundEmail",
      message: messages.notFoundEmail("nobody@rewards.test"),
      params: { email: "nobody@rewards.test" },
    });
    expect(t.mail.received).toHaveLength(0);
  });

  it("answers 400 with a field error for a malformed address", async () => {
    const response = await recover("not-an-email");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ email: messages.wrongEmail });
  });

  it("mails one link through the platform Mailgun config, storing only the token's hash", async () => {
    const response = await recover("OLIVE.owner@rewards.test");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.recoverSent });

    const sent = mailsTo(ownerEmail);
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    expect(mail?.apiKey).toBe("key-test");
    expect(mail?.domain).toBe("mg.rewards.test");
    expect(mail?.fields.from).toBe("Rewards <no-reply@rewards.test>");
    expect(mail?.fields.subject).toEqual(expect.any(String));
    const token = linkPattern.exec(mail?.fields.text ?? "")?.[1] ?? "";
    // 32 random bytes in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = await t.db.select().from(passwordResets);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const ttlMs = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttlMs).toBeGreaterThan(59 * 60 * 1000);
    expect(ttlMs).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});

describe("recover while the mail service fails", () => {
  it("answers 503 with a clear message, not a bare 500", async () => {
    t.mail.failNext(500);
    const response = await recover(ownerEmail);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ statusCode: 503, message: messages.recoverMailFailed });
  });
});

describe("reset", () => {
  it("sets the new password, revokes earlier tokens and is single use", async () => {
    const token = await requestToken();
    expect(await checkToken(token)).toEqual({});
    expect((await profile(t.app, ownerToken)).statusCode).toBe(200);

    const newPassword = "Copper-Meadow-Falcon-17";
    const response = await reset(token, newPassword);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: messages.resetDone });
    currentPassword = newPassword;

    // The token from before the reset no longer opens anything.
    const revoked = await profile(t.app, ownerToken);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe(messages.unauthorized);

    expect((await login(t.app, ownerEmail, goodPassword)).statusCode).toBe(401);
    const signedIn = await login(t.app, ownerEmail, newPassword);
    expect(signedIn.statusCode).toBe(200);
    expect((await profile(t.app, signedIn.json().accessToken)).statusCode).toBe(200);

    const again = await reset(token, "Another-Fresh-Secret-88");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      statusCode: 400,
      error: "Bad Request",
      message: messages.resetTokenUsed,
    });
    expect(await checkToken(token)).toEqual({ message: messages.resetTokenUsed });
    expect((await login(t.app, ownerEmail, "Another-Fresh-Secret-88")).statusCode).toBe(401);
  });

  it("answers invalid for a token it never issued", async () => {
    const random = randomBytes(32).toString("base64url");
    expect(await checkToken(random)).toEqual({ message: messages.resetTokenInvalid });
    const response = await reset(random, "Another-Fresh-Secret-88");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.resetTokenInvalid);
  });

  it("answers expired for a token past its hour, and keeps the password", async () => {
    const token = await requestToken();
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, sha256(token)));
    expect(await checkToken(token)).toEqual({ message: messages.resetTokenExpired });
    const response = await reset(token, "Another-Fresh-Secret-88");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.resetTokenExpired);
    expect((await login(t.app, ownerEmail, currentPassword)).statusCode).toBe(200);
  });

  it("uses up every open link of the account when one is used", async () => {
    const first = await requestToken();
    const second = await requestToken();
    expect(second).not.toBe(first);
    expect(await checkToken(first)).toEqual({});

    const newPassword = "Granite-Orchid-Pelican-29";
    expect((await reset(second, newPassword)).statusCode).toBe(200);
    currentPassword = newPassword;

    expect(await checkToken(first)).toEqual({ message: messages.resetTokenUsed });
    const response = await reset(first, "Another-Fresh-Secret-88");
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.resetTokenUsed);
    expect((await login(t.app, ownerEmail, newPassword)).statusCode).toBe(200);
  });

  it("refuses a weak or mismatched new password and leaves the link usable", async () => {
    const token = await requestToken();

    const common = await reset(token, "password123");
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      message: messages.passwordTooCommon,
      fieldErrors: { password: messages.passwordTooCommon },
    });

    const short = await reset(token, "Xk7#pQ2");
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toEqual({ password: messages.min(8) });

    const mismatch = await reset(token, "Another-Fresh-Secret-88", "Another-Fresh-Secret-89");
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ confirmPassword: messages.passwordMismatch });

    expect(await checkToken(token)).toEqual({});
    expect((await login(t.app, ownerEmail, currentPassword)).statusCode).toBe(200);
  });
});
