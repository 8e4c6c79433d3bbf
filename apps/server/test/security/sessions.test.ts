import { type AdminSession, messages } from "@rewards/contract";
import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions } from "../../src/db/schema/index.ts";
import {
  bearer,
  createActiveAdmin,
  logout,
  profile,
  registerOwner,
  setState,
  signIn,
} from "../support/auth-helpers.ts";
import { startTestApp, type TestApp, testJwtSecret } from "../support/test-app.ts";

// Server-side sessions of administrators: each sign-in is a row, each token names its row, and a
// request is let in only while that row is active.
const ownerEmail = "owner@sessions.test";
const adminEmail = "admin@sessions.test";
const linkPattern = /http:\/\/rewards\.test\/auth\/reset\/([A-Za-z0-9_-]+)/;

let t: TestApp;
let ownerToken: string;
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ownerToken = await registerOwner(t.app, ownerEmail);
  other = await createActiveAdmin(t.app, ownerToken, adminEmail);
});
afterAll(() => t.close());

const sidOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).sid;

const listSessions = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/profile/sessions", headers: bearer(token) });
const endSession = (token: string, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/profile/sessions/${id}`, headers: bearer(token) });
const endAll = (token: string) =>
  t.app.inject({ method: "DELETE", url: "/api/profile/sessions", headers: bearer(token) });

/** The token opens the profile and a guarded list (200), or is refused (401) on both. */
async function expectOpen(token: string, open: boolean) {
  const status = open ? 200 : 401;
  const me = await profile(t.app, token);
  expect(me.statusCode, me.body).toBe(status);
  const list = await t.app.inject({
    method: "POST",
    url: "/api/users",
    headers: bearer(token),
    payload: { queryParams: {} },
  });
  expect(list.statusCode, list.body).toBe(status);
  if (!open)
    expect(me.json()).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      code: "unauthorized",
      message: messages.unauthorized,
    });
}

describe("hole 10: sign-out ends the session", () => {
  it("POST /api/users/logout ends the calling session at once; the account's other session lives on", async () => {
    const laptop = await signIn(t.app, adminEmail);
    const phone = await signIn(t.app, adminEmail);
    await expectOpen(laptop, true);

    const out = await logout(t.app, laptop);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ message: messages.signedOut });

    await expectOpen(laptop, false);
    await expectOpen(phone, true);
    // The ended token cannot sign out again either.
    expect((await logout(t.app, laptop)).statusCode).toBe(401);
    const [row] = await t.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.id, sidOf(laptop)));
    expect(row?.endedAt).toBeInstanceOf(Date);
  });

  it("signing out everywhere ends every session of the account, the calling one included", async () => {
    const tokens = [await signIn(t.app, adminEmail), await signIn(t.app, adminEmail), other.token];
    const answer = await endAll(tokens[0] ?? "");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: messages.sessionsEnded });
    for (const token of tokens) await expectOpen(token, false);
    // Another account's sessions are not touched.
    await expectOpen(ownerToken, true);
  });

  it("lists the active sessions newest first, marks the current one, and revokes one of two", async () => {
    const first = await signIn(t.app, adminEmail, { "user-agent": "Firefox on the laptop" });
    const second = await signIn(t.app, adminEmail, { "user-agent": "Safari on the phone" });
    const listed = await listSessions(second);
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = listed.json<AdminSession[]>();
    expect(sessions.map((session) => session._id)).toEqual([sidOf(second), sidOf(first)]);
    expect(sessions[0]).toMatchObject({ current: true, userAgent: "Safari on the phone", ip: "127.0.0.1" });
    expect(sessions[1]).toMatchObject({ current: false, userAgent: "Firefox on the laptop" });
    expect(Date.parse(sessions[0]?.createdAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(sessions[0]?.lastSeenAt).toBeTypeOf("string");

    const revoked = await endSession(second, sidOf(first));
    expect(revoked.statusCode, revoked.body).toBe(200);
    await expectOpen(first, false);
    await expectOpen(second, true);
    const after = (await listSessions(second)).json<AdminSession[]>();
    expect(after.map((session) => session._id)).toEqual([sidOf(second)]);
    // Ended sessions are gone from the list and cannot be ended twice.
    expect((await endSession(second, sidOf(first))).statusCode).toBe(404);
  });

  it("answers 404 for another administrator's session or an unknown id, and ends nothing", async () => {
    const mine = await signIn(t.app, adminEmail);
    const ownerSession = sidOf(ownerToken);
    const answer = await endSession(mine, ownerSession);
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json().message).toBe(messages.notFound);
    await expectOpen(ownerToken, true);
    expect((await endSession(mine, "01900000-0000-7000-8000-00000000dead")).statusCode).toBe(404);
    expect((await endSession(mine, "not-an-id")).statusCode).toBe(400);
    // Nor does another administrator's session show in the list.
    const ids = (await listSessions(mine)).json<AdminSession[]>().map((session) => session._id);
    expect(ids).not.toContain(ownerSession);
  });

  it("a password reset ends every session of the account", async () => {
    const before = [await signIn(t.app, adminEmail), await signIn(t.app, adminEmail)];
    const recover = await t.app.inject({
      method: "POST",
      url: "/api/users/auth/recover",
      payload: { email: adminEmail },
    });
    expect(recover.statusCode, recover.body).toBe(200);
    const mail = t.mail.received.filter((received) => received.fields.to === adminEmail).at(-1);
    const resetToken = linkPattern.exec(mail?.fields.text ?? "")?.[1];
    const password = "Quiet-Meadow-Compass-77";
    const reset = await t.app.inject({
      method: "POST",
      url: `/api/users/auth/reset/${resetToken}`,
      payload: { password, confirmPassword: password },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const token of before) await expectOpen(token, false);
    const open = await t.db
      .select()
      .from(adminSessions)
      .where(sql`${adminSessions.adminId} = ${other.id} and ${adminSessions.endedAt} is null`);
    expect(open).toEqual([]);
    // The new password signs in to a new session.
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { username: adminEmail, password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    await expectOpen(signedIn.json().accessToken, true);
  });

  it("disabling an account still ends its tokens (the token version), and enabling does not revive them", async () => {
    const id = (await createActiveAdmin(t.app, ownerToken, "dora@sessions.test")).id;
    const token = await signIn(t.app, "dora@sessions.test");
    expect((await setState(t.app, ownerToken, id, "disabled")).statusCode).toBe(200);
    await expectOpen(token, false);
    expect((await setState(t.app, ownerToken, id, "active")).statusCode).toBe(200);
    await expectOpen(token, false);
  });
});

describe("sessions are checked on every request", () => {
  const key = new TextEncoder().encode(testJwtSecret);
  const build = (claims: Record<string, unknown>, subject: string) =>
    new SignJWT({ ver: 0, ...claims })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(subject)
      .setIssuer("rewards-admin")
      .setAudience("rewards-admin/api")
      .setExpirationTime("10m")
      .sign(key);

  it("refuses a well-signed token without a session (as tokens were before sessions existed)", async () => {
    const ownerId = (await profile(t.app, ownerToken)).json()._id;
    await expectOpen(await build({}, ownerId), false);
    await expectOpen(await build({ sid: "not-an-id" }, ownerId), false);
    // The control: the same token naming the owner's live session opens the API.
    await expectOpen(await build({ sid: sidOf(ownerToken) }, ownerId), true);
  });

  it("refuses a token whose session expired, even before the token itself would", async () => {
    const token = await signIn(t.app, ownerEmail);
    await t.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminSessions.id, sidOf(token)));
    await expectOpen(token, false);
  });

  it("records each sign-in with its user agent (cut to 300 characters) and address; expires with the token", async () => {
    const token = await signIn(t.app, ownerEmail, { "user-agent": "A".repeat(5000) });
    const [row] = await t.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.id, sidOf(token)));
    expect(row?.userAgent).toBe("A".repeat(300));
    expect(row?.ip).toBe("127.0.0.1");
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(12 * 3600 * 1000);
  });

  it("moves last seen forward at most once a minute", async () => {
    const token = await signIn(t.app, ownerEmail);
    const lastSeen = async () =>
      (
        await t.db
          .select()
          .from(adminSessions)
          .where(eq(adminSessions.id, sidOf(token)))
      )[0]?.lastSeenAt;
    const first = await lastSeen();
    await expectOpen(token, true);
    expect(await lastSeen()).toEqual(first);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.db
      .update(adminSessions)
      .set({ lastSeenAt: twoMinutesAgo })
      .where(eq(adminSessions.id, sidOf(token)));
    await expectOpen(token, true);
    const moved = await lastSeen();
    expect(moved?.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });
});
