import { randomUUID } from "node:crypto";
import { messages } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, goodPassword, login, profile } from "../../../test/support/auth-helpers.ts";
import { addMember } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appMembers, auditLog, teamInvites } from "../../db/schema/index.ts";
import { redactUrl } from "../../lib/log-redaction.ts";

const linkPattern = /http:\/\/rewards\.test\/auth\/invite\/([A-Za-z0-9_-]+)/;

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
});
afterAll(() => t.close());

const team = (tenant: { headers: { authorization: string } }) =>
  t.app.inject({ method: "GET", url: "/api/team", headers: tenant.headers });

const invite = (tenant: { headers: { authorization: string } }, email: string, role: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/team/invites",
    headers: tenant.headers,
    payload: { email, role },
  });

/** Invites and reads the link's token from the mail sink. */
async function invitedToken(email: string, role = "support") {
  const before = t.mail.received.length;
  const response = await invite(a, email, role);
  expect(response.statusCode, response.body).toBe(201);
  const mail = t.mail.received.slice(before).find((sent) => sent.fields.to === email.trim().toLowerCase());
  const token = linkPattern.exec(mail?.fields.text ?? "")?.[1];
  expect(token, "the mail holds the link").toBeTruthy();
  return { token: token ?? "", id: response.json<{ _id: string }>()._id };
}

const check = (token: string) => t.app.inject({ method: "GET", url: `/api/users/auth/invite/${token}` });
const accept = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: `/api/users/auth/invite/${token}`, payload, headers });
const newAccount = { fullName: "Nina Newcomer", password: goodPassword };

describe("the team list and invitations", () => {
  it("lists the owner as the only member at first", async () => {
    const response = await team(a);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.members).toEqual([
      expect.objectContaining({ _id: a.id, email: "owner@tenant-a.test", role: "owner", mfaEnabled: false }),
    ]);
    expect(typeof body.members[0].lastSeenAt).toBe("string");
    expect(body.invites).toEqual([]);
  });

  it("refuses an unknown role with a field message", async () => {
    const response = await invite(a, "someone@team.test", "superuser");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.role).toMatch(/owner, admin, support, viewer/);
  });

  it("refuses to invite an existing member of the app (e-mail normalised)", async () => {
    const response = await invite(a, "  OWNER@tenant-a.test ", "admin");
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(messages.teamAlreadyMember);
  });

  it("mails a working link, stores only the hash, and a second invitation replaces the first", async () => {
    const first = await invitedToken(" Nina@Team.TEST ", "viewer");
    const second = await invitedToken("nina@team.test", "support");
    const rows = await t.db.select().from(teamInvites).where(eq(teamInvites.email, "nina@team.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(second.token);
    expect((await check(first.token)).statusCode).toBe(404);
    const details = await check(second.token);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toEqual({ email: "nina@team.test", appName: "Olive Owner", role: "support" });
    const listed = (await team(a)).json().invites;
    expect(listed).toEqual([
      expect.objectContaining({ _id: second.id, email: "nina@team.test", role: "support" }),
    ]);
    const days = (Date.parse(listed[0].expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });
});

describe("the invitation's mail and token", () => {
  it("answers 503 when the mail service fails", async () => {
    t.mail.failNext(500);
    const response = await invite(a, "unlucky@team.test", "viewer");
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(messages.inviteMailFailed);
  });

  it("keeps the link's token out of logged URLs", () => {
    expect(redactUrl("/api/users/auth/invite/abcDEF_123-xyz")).toBe("/api/users/auth/invite/[redacted]");
  });
});

describe("accepting", () => {
  it("creates an active account acting in the app, and the link works once", async () => {
    const { token } = await invitedToken("new.member@team.test", "support");
    const response = await accept(token, newAccount);
    expect(response.statusCode, response.body).toBe(200);
    const me = await profile(t.app, response.json().accessToken);
    expect(me.json()).toMatchObject({
      username: "new.member@team.test",
      appId: a.id,
      role: "support",
      installationOwner: false,
    });
    // The invited account owns no app.
    const memberships = await t.db.select().from(appMembers).where(eq(appMembers.adminId, me.json()._id));
    expect(memberships).toEqual([expect.objectContaining({ appId: a.id, role: "support" })]);
    expect((await check(token)).statusCode).toBe(404);
    expect((await accept(token, { ...newAccount, fullName: "Second Try" })).statusCode).toBe(404);
  });

  it("answers the same 404 for unknown, used and expired links", async () => {
    const { token, id } = await invitedToken("late@team.test");
    await t.db
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.id, id));
    const expired = await check(token);
    const unknown = await check("x".repeat(43));
    expect(expired.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(expired.json().message).toBe(unknown.json().message);
    expect((await accept(token, newAccount)).statusCode).toBe(404);
  });

  it("lets exactly one of two concurrent accepts win", async () => {
    const { token } = await invitedToken("race@team.test");
    const answers = await Promise.all([accept(token, newAccount), accept(token, newAccount)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it("applies the registration's password rules", async () => {
    const { token } = await invitedToken("weak@team.test");
    expect((await accept(token, { fullName: "Weak Pass", password: "short" })).statusCode).toBe(400);
    const common = await accept(token, { fullName: "Weak Pass", password: "password" });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(messages.passwordTooCommon);
    const missing = await accept(token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({ fullName: messages.required });
    expect((await check(token)).statusCode).toBe(200);
  });

  it("an existing account must sign in; signed in with another address it is refused", async () => {
    const { token } = await invitedToken("admin@tenant-b.test", "admin");
    const asNew = await accept(token, newAccount);
    expect(asNew.statusCode).toBe(409);
    expect(asNew.json().message).toBe(messages.inviteAccountExists);
    const other = await invitedToken("someone.else@team.test");
    const wrong = await accept(other.token, {}, b.headers);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(messages.inviteWrongAccount);
  });
});

describe("members, switching apps", () => {
  let bInA: string;
  /** b's session in its own app B (a switch ends the session that asks). */
  let bInB: { authorization: string };

  it("a signed-in account joins with its token and can switch between its apps", async () => {
    const { token } = await invitedToken("admin@tenant-b.test", "admin");
    const joined = await accept(token, {}, b.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    bInA = joined.json().accessToken;
    expect((await profile(t.app, bInA)).json()).toMatchObject({ appId: a.id, role: "admin" });
    const apps = await t.app.inject({ method: "GET", url: "/api/profile/apps", headers: bearer(bInA) });
    expect(apps.json().apps).toEqual([
      { appId: b.id, appName: expect.any(String), role: "owner" },
      { appId: a.id, appName: "Olive Owner", role: "admin" },
    ]);
    const switched = await t.app.inject({
      method: "POST",
      url: `/api/profile/apps/${b.id}`,
      headers: bearer(bInA),
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await profile(t.app, switched.json().accessToken)).json()).toMatchObject({
      appId: b.id,
      role: "owner",
    });
    // The session that switched has ended.
    expect((await profile(t.app, bInA)).statusCode).toBe(401);
    const back = await t.app.inject({
      method: "POST",
      url: `/api/profile/apps/${a.id}`,
      headers: bearer(switched.json().accessToken),
    });
    bInA = back.json().accessToken;
    expect((await profile(t.app, bInA)).json()).toMatchObject({ appId: a.id });
    // Signing in opens the account's own app.
    const signedIn = await login(t.app, "admin@tenant-b.test");
    bInB = bearer(signedIn.json().accessToken);
    expect((await profile(t.app, signedIn.json().accessToken)).json()).toMatchObject({ appId: b.id });
  });

  it("switching to an app one is not a member of answers 404", async () => {
    const support = await addMember(t, a.id, "support");
    for (const appId of [b.id, randomUUID()]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/profile/apps/${appId}`,
        headers: support.headers,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await profile(t.app, support.token)).json()).toMatchObject({ appId: a.id });
  });

  it("a support member may not call the team's endpoints", async () => {
    const support = await addMember(t, a.id, "support");
    for (const response of [
      await team(support),
      await invite(support, "x@team.test", "viewer"),
      await t.app.inject({
        method: "PUT",
        url: `/api/team/members/${a.id}`,
        headers: support.headers,
        payload: { role: "viewer" },
      }),
      await t.app.inject({ method: "DELETE", url: `/api/team/members/${a.id}`, headers: support.headers }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.roleForbidden);
    }
  });

  it("keeps the last owner: no demotion, no removal", async () => {
    const demote = await t.app.inject({
      method: "PUT",
      url: `/api/team/members/${a.id}`,
      headers: a.headers,
      payload: { role: "admin" },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(messages.teamLastOwner);
    const remove = await t.app.inject({
      method: "DELETE",
      url: `/api/team/members/${a.id}`,
      headers: a.headers,
    });
    expect(remove.statusCode).toBe(409);
  });

  it("changes a role at once, and a removed member loses access at the next request", async () => {
    const promote = await t.app.inject({
      method: "PUT",
      url: `/api/team/members/${b.id}`,
      headers: a.headers,
      payload: { role: "owner" },
    });
    expect(promote.statusCode, promote.body).toBe(200);
    expect(promote.json()).toMatchObject({ _id: b.id, role: "owner", email: "admin@tenant-b.test" });
    // b now manages A's team.
    expect((await team({ headers: bearer(bInA) })).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/team/members/${b.id}`,
      headers: a.headers,
      payload: { role: "boss" },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: "PUT",
      url: `/api/team/members/${randomUUID()}`,
      headers: a.headers,
      payload: { role: "viewer" },
    });
    expect(unknown.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/team/members/${b.id}`,
      headers: a.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await profile(t.app, bInA)).statusCode).toBe(401);
    // Their own app still opens.
    expect((await t.app.inject({ method: "GET", url: "/api/profile/me", headers: bInB })).statusCode).toBe(
      200,
    );
  });

  it("an owner can remove themselves while another owner remains", async () => {
    const second = await addMember(t, a.id, "owner");
    const self = await t.app.inject({
      method: "DELETE",
      url: `/api/team/members/${second.id}`,
      headers: second.headers,
    });
    expect(self.statusCode, self.body).toBe(200);
    expect((await profile(t.app, second.token)).statusCode).toBe(401);
  });

  it("withdraws a pending invitation, whose link then stops working", async () => {
    const { token, id } = await invitedToken("withdrawn@team.test");
    const url = `/api/team/invites/${id}`;
    expect((await t.app.inject({ method: "DELETE", url, headers: bInB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url, headers: a.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url, headers: a.headers })).statusCode).toBe(404);
    expect((await check(token)).statusCode).toBe(404);
  });

  it("records every write in the app's audit log", async () => {
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, a.id)));
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ["team.invite", "team.withdraw", "team.join", "team.role", "team.remove"]) {
      expect(actions.has(action as never), action).toBe(true);
    }
    expect(JSON.stringify(entries)).not.toMatch(/token/i);
  });
});
