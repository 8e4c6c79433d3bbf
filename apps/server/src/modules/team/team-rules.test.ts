import { randomUUID } from "node:crypto";
import { defaultTeamSettings, maxPointsBalance, messages } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, profile } from "../../../test/support/auth-helpers.ts";
import { addMember, insertMember, type Member, signInMember } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import type { Tx } from "../../db/client.ts";
import { appMembers, appUsers, auditLog, pointsLedger, teamSettings } from "../../db/schema/index.ts";
import { movePoints } from "../ledger/move-points.ts";
import { checkAdjustmentLimit } from "./index.ts";

// The team's rules: the owner's settings (GET /api/team, PUT /api/team/settings), the team's 2FA
// requirement, and the support agents' adjustment limit.

let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
});
afterAll(() => t.close());

type Caller = { headers: { authorization: string } };

const teamOf = (caller: Caller) => t.app.inject({ method: "GET", url: "/api/team", headers: caller.headers });
const saveSettings = (caller: Caller, payload: object) =>
  t.app.inject({ method: "PUT", url: "/api/team/settings", headers: caller.headers, payload });
const listUsers = (caller: Caller) =>
  t.app.inject({ method: "POST", url: "/api/users", headers: caller.headers, payload: { queryParams: {} } });

async function saved(caller: Caller, settings: { requireMfa: boolean; supportAdjustmentLimit: number }) {
  const response = await saveSettings(caller, settings);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual(settings);
}

const settingsEntries = (appId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.adminId, appId), eq(auditLog.action, "team.settings")))
    .orderBy(auditLog.createdAt);

/** Turns 2FA on for the account behind the token (setup, then a code of the seed). */
async function enrol(token: string) {
  const setup = await t.app.inject({ method: "POST", url: "/api/profile/mfa/setup", headers: bearer(token) });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
  const enable = await t.app.inject({
    method: "POST",
    url: "/api/profile/mfa/enable",
    headers: bearer(token),
    payload: { code },
  });
  expect(enable.statusCode, enable.body).toBe(200);
}

describe("the team's settings", () => {
  it("answers the defaults while the app has saved none", async () => {
    const response = await teamOf(a);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().settings).toEqual(defaultTeamSettings);
    expect(defaultTeamSettings).toEqual({ requireMfa: false, supportAdjustmentLimit: 1000 });
  });

  it("saves the owner's settings, answers them, and audits the change as the owner", async () => {
    await saved(a, { requireMfa: false, supportAdjustmentLimit: 250 });
    expect((await teamOf(a)).json().settings).toEqual({ requireMfa: false, supportAdjustmentLimit: 250 });
    // Another app keeps its own (the defaults).
    expect((await teamOf(b)).json().settings).toEqual(defaultTeamSettings);
    const [entry] = await settingsEntries(a.id);
    expect(entry).toMatchObject({
      actorAdminId: a.id,
      recordType: "teamSettings",
      changes: { supportAdjustmentLimit: { before: 1000, after: 250 } },
    });
    await saved(a, { requireMfa: false, supportAdjustmentLimit: 1000 });
    const entries = await settingsEntries(a.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]?.changes).toEqual({ supportAdjustmentLimit: { before: 250, after: 1000 } });
  });

  it("names the member who saved: an owner member of the app", async () => {
    const owner = await addMember(t, a.id, "owner", "second-owner");
    await saved(owner, { requireMfa: false, supportAdjustmentLimit: 1000 });
    const entries = await settingsEntries(a.id);
    expect(entries.at(-1)?.actorAdminId).toBe(owner.id);
  });

  it.each([
    [{ requireMfa: false, supportAdjustmentLimit: -1 }, "supportAdjustmentLimit", messages.minimum(0)],
    [{ requireMfa: false, supportAdjustmentLimit: 10.5 }, "supportAdjustmentLimit", messages.wholeNumber],
    [
      { requireMfa: false, supportAdjustmentLimit: maxPointsBalance + 1 },
      "supportAdjustmentLimit",
      messages.maximum(maxPointsBalance),
    ],
    [{ requireMfa: false, supportAdjustmentLimit: 1e21 }, "supportAdjustmentLimit", undefined],
    [{ requireMfa: false, supportAdjustmentLimit: "100" }, "supportAdjustmentLimit", undefined],
    [{ requireMfa: false }, "supportAdjustmentLimit", messages.required],
    [{ requireMfa: "yes", supportAdjustmentLimit: 100 }, "requireMfa", undefined],
    [{ requireMfa: 1, supportAdjustmentLimit: 100 }, "requireMfa", undefined],
    [{ supportAdjustmentLimit: 100 }, "requireMfa", messages.required],
  ] as const)("refuses %j with a message on %s, changing nothing", async (payload, field, message) => {
    const entriesBefore = (await settingsEntries(a.id)).length;
    const before = (await teamOf(a)).json().settings;
    const response = await saveSettings(a, payload);
    expect(response.statusCode, response.body).toBe(400);
    const fieldErrors = response.json().fieldErrors;
    expect(typeof fieldErrors[field]).toBe("string");
    if (message) expect(fieldErrors[field]).toBe(message);
    expect((await teamOf(a)).json().settings).toEqual(before);
    expect(await settingsEntries(a.id)).toHaveLength(entriesBefore);
  });

  it("is the owner's alone: admin, support and viewer members get 403 and change nothing", async () => {
    const before = await t.db.select().from(teamSettings).where(eq(teamSettings.appId, a.id));
    for (const role of ["admin", "support", "viewer"] as const) {
      const member = await addMember(t, a.id, role, `settings-${role}`);
      const response = await saveSettings(member, { requireMfa: false, supportAdjustmentLimit: 5 });
      expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
      expect(response.json().message).toBe(messages.roleForbidden);
    }
    expect(await t.db.select().from(teamSettings).where(eq(teamSettings.appId, a.id))).toEqual(before);
  });

  it("will not let an owner without 2FA require it (it would lock them out of the switch)", async () => {
    const response = await saveSettings(b, { requireMfa: true, supportAdjustmentLimit: 1000 });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual({ requireMfa: messages.mfaOwnerFirst });
    expect((await teamOf(b)).json().settings.requireMfa).toBe(false);
  });
});

describe("require 2FA for the team", () => {
  let support: Member;

  beforeAll(async () => {
    await enrol(a.token);
    support = await addMember(t, a.id, "support", "mfa-support");
  });
  afterAll(async () => {
    await saved(a, { requireMfa: false, supportAdjustmentLimit: 1000 });
  });

  it("holds a member without 2FA to enrolment from their next request, then opens everything to their role", async () => {
    expect((await listUsers(support)).statusCode).toBe(200);
    await saved(a, { requireMfa: true, supportAdjustmentLimit: 1000 });

    const refused = await listUsers(support);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(messages.mfaEnrolmentRequired);
    const me = await profile(t.app, support.token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ mfaEnabled: false, mfaRequired: true, role: "support" });
    const sessions = await t.app.inject({
      method: "GET",
      url: "/api/profile/sessions",
      headers: support.headers,
    });
    expect(sessions.statusCode).toBe(200);
    // The owner has 2FA on: working as ever, and told the team requires it.
    expect((await listUsers(a)).statusCode).toBe(200);
    expect((await profile(t.app, a.token)).json()).toMatchObject({ mfaEnabled: true, mfaRequired: true });

    await enrol(support.token);
    const open = await listUsers(support);
    expect(open.statusCode, open.body).toBe(200);
    // Still only what the role allows.
    const settings = await saveSettings(support, { requireMfa: true, supportAdjustmentLimit: 1 });
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe(messages.roleForbidden);
  });

  it("frees members at once when it is turned off", async () => {
    await saved(a, { requireMfa: true, supportAdjustmentLimit: 1000 });
    const viewer = await addMember(t, a.id, "viewer", "mfa-viewer");
    expect((await listUsers(viewer)).json().message).toBe(messages.mfaEnrolmentRequired);
    await saved(a, { requireMfa: false, supportAdjustmentLimit: 1000 });
    expect((await listUsers(viewer)).statusCode).toBe(200);
    expect((await profile(t.app, viewer.token)).json().mfaRequired).toBe(false);
  });

  it("holds a member of two apps to it only in the app that requires it", async () => {
    await saved(a, { requireMfa: true, supportAdjustmentLimit: 1000 });
    // Joined B first, so signing in acts in B.
    const account = await insertMember(t.db, b.id, "support", "two-apps");
    await t.db.insert(appMembers).values({ appId: a.id, adminId: account.id, role: "support" });
    const inB = bearer(await signInMember(t.app, account.username));
    expect((await listUsers({ headers: inB })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/profile/me", headers: inB })).json(),
    ).toMatchObject({
      appId: b.id,
      mfaRequired: false,
    });

    const switchTo = (headers: { authorization: string }, appId: string) =>
      t.app.inject({ method: "POST", url: `/api/profile/apps/${appId}`, headers });
    const toA = await switchTo(inB, a.id);
    expect(toA.statusCode, toA.body).toBe(200);
    const inA = bearer(toA.json<{ accessToken: string }>().accessToken);
    expect((await listUsers({ headers: inA })).json().message).toBe(messages.mfaEnrolmentRequired);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/profile/me", headers: inA })).json(),
    ).toMatchObject({
      appId: a.id,
      mfaRequired: true,
    });
    // The switcher stays open, so the member can go back to the app that does not require it.
    const apps = await t.app.inject({ method: "GET", url: "/api/profile/apps", headers: inA });
    expect(apps.statusCode, apps.body).toBe(200);
    const back = await switchTo(inA, b.id);
    expect(back.statusCode, back.body).toBe(200);
    const inBAgain = bearer(back.json<{ accessToken: string }>().accessToken);
    expect((await listUsers({ headers: inBAgain })).statusCode).toBe(200);
    await saved(a, { requireMfa: false, supportAdjustmentLimit: 1000 });
  });
});

describe("the support agents' adjustment limit", () => {
  async function addUser(points = 10_000, appId = a.id) {
    const id = randomUUID();
    await t.db
      .insert(appUsers)
      .values({ id, adminId: appId, username: `${id}@users.test`, referCode: id.slice(0, 6) });
    await t.db.transaction((tx) =>
      movePoints(tx, { adminId: appId, userId: id, amount: points, reason: "offer" }),
    );
    return id;
  }
  const adjust = (caller: Caller, userId: string, pointsDelta: number, referCode = userId.slice(0, 6)) =>
    t.app.inject({
      method: "PUT",
      url: `/api/users/${userId}`,
      headers: caller.headers,
      payload: { referCode, provision: 0, isVerfied: false, pointsDelta, pointsReason: "Goodwill" },
    });
  const userRow = async (id: string) => (await t.db.select().from(appUsers).where(eq(appUsers.id, id)))[0];
  const adjustmentsBy = (accountId: string) =>
    t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.reason, "admin_adjustment"), eq(pointsLedger.actorAdminId, accountId)));
  const allowanceOf = async (member: Member) =>
    (await profile(t.app, member.token)).json<{ adjustmentAllowance: number | null }>().adjustmentAllowance;
  const entriesOf = (userId: string) => t.db.select().from(auditLog).where(eq(auditLog.recordId, userId));

  beforeAll(async () => {
    await saved(a, { requireMfa: false, supportAdjustmentLimit: 1000 });
  });

  it("lets support adjust within the limit, counting each adjustment by its size, and refuses past it changing nothing", async () => {
    const support = await addMember(t, a.id, "support", "limit-support");
    const user = await addUser();
    expect(await allowanceOf(support)).toBe(1000);

    const first = await adjust(support, user, 400);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().points).toBe(10_400);
    const [row] = await adjustmentsBy(support.id);
    expect(row).toMatchObject({ adminId: a.id, actorAdminId: support.id, amount: 400, note: "Goodwill" });
    expect(await allowanceOf(support)).toBe(600);

    // A removal counts by its size.
    expect((await adjust(support, user, -500)).statusCode).toBe(200);
    expect(await allowanceOf(support)).toBe(100);

    // 200 more would make 1,100: refused, and nothing changes (balance, field, ledger, audit).
    const before = await userRow(user);
    const auditBefore = (await entriesOf(user)).length;
    const over = await adjust(support, user, 200, "NEWCD");
    expect(over.statusCode, over.body).toBe(409);
    const message = messages.adjustmentOverLimit(1000, 100);
    expect(over.json()).toMatchObject({ message, fieldErrors: { pointsDelta: message } });
    expect(await userRow(user)).toEqual(before);
    expect(await adjustmentsBy(support.id)).toHaveLength(2);
    expect(await entriesOf(user)).toHaveLength(auditBefore);
    expect(await allowanceOf(support)).toBe(100);

    // Exactly the rest passes; then nothing is left.
    expect((await adjust(support, user, -100)).statusCode).toBe(200);
    expect(await allowanceOf(support)).toBe(0);
    expect((await adjust(support, user, 1)).statusCode).toBe(409);
    // An edit without a points change is not an adjustment.
    const fieldsOnly = await adjust(support, user, 0, "FIELD1");
    expect(fieldsOnly.statusCode, fieldsOnly.body).toBe(200);
    expect((await userRow(user))?.points).toBe(9_800);
  });

  it("counts 24 hours back: two adjustments that each fit but together exceed are refused, older ones no longer count", async () => {
    const support = await addMember(t, a.id, "support", "window-support");
    const [user1, user2] = [await addUser(), await addUser()];
    expect((await adjust(support, user1, 700)).statusCode).toBe(200);
    const second = await adjust(support, user2, -700);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(messages.adjustmentOverLimit(1000, 300));
    expect((await userRow(user2))?.points).toBe(10_000);

    // The first adjustment is now 25 hours old: outside the window.
    await t.db
      .update(pointsLedger)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(pointsLedger.actorAdminId, support.id));
    expect(await allowanceOf(support)).toBe(1000);
    expect((await adjust(support, user2, -700)).statusCode).toBe(200);
    expect(await allowanceOf(support)).toBe(300);
  });

  it("counts only the agent's own adjustments, and only in this app", async () => {
    const support = await addMember(t, a.id, "support", "own-support");
    const other = await addMember(t, a.id, "support", "other-support");
    const user = await addUser();
    expect((await adjust(other, user, 900)).statusCode).toBe(200);
    expect((await adjust(a, user, 5000)).statusCode).toBe(200);
    // The same agent's adjustment in another app (B) counts against B's limit, not A's.
    await t.db.insert(appMembers).values({ appId: b.id, adminId: support.id, role: "support" });
    const userOfB = await addUser(10_000, b.id);
    await t.db.transaction((tx) =>
      movePoints(tx, {
        adminId: b.id,
        userId: userOfB,
        amount: 800,
        reason: "admin_adjustment",
        actorAdminId: support.id,
        note: "In B",
      }),
    );
    expect(await allowanceOf(support)).toBe(1000);
    expect(await allowanceOf(other)).toBe(100);
  });

  it("does not limit owners and admins; their profiles carry no allowance", async () => {
    const admin = await addMember(t, a.id, "admin", "limit-admin");
    const viewer = await addMember(t, a.id, "viewer", "limit-viewer");
    const user = await addUser();
    for (const caller of [a, admin]) {
      const response = await adjust(caller, user, 50_000);
      expect(response.statusCode, response.body).toBe(200);
      expect((await adjust(caller, user, -40_000)).statusCode).toBe(200);
    }
    expect((await profile(t.app, a.token)).json().adjustmentAllowance).toBeNull();
    expect(await allowanceOf(admin)).toBeNull();
    expect(await allowanceOf(viewer)).toBeNull();
    const [row] = await adjustmentsBy(admin.id);
    expect(row).toMatchObject({ actorAdminId: admin.id, amount: 50_000 });
  });

  it("blocks every support adjustment at a limit of 0", async () => {
    const support = await addMember(t, a.id, "support", "zero-support");
    const user = await addUser();
    await saved(a, { requireMfa: false, supportAdjustmentLimit: 0 });
    try {
      expect(await allowanceOf(support)).toBe(0);
      const response = await adjust(support, user, 1);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(messages.adjustmentOverLimit(0, 0));
      expect(await adjustmentsBy(support.id)).toHaveLength(0);
    } finally {
      await saved(a, { requireMfa: false, supportAdjustmentLimit: 1000 });
    }
  });

  it("of two concurrent adjustments by one agent that fit alone but not together, exactly one passes", async () => {
    const support = await addMember(t, a.id, "support", "race-support");
    const [user1, user2] = [await addUser(), await addUser()];
    const responses = await Promise.all([adjust(support, user1, 600), adjust(support, user2, -600)]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join("\n")).toEqual([200, 409]);
    const rows = await adjustmentsBy(support.id);
    expect(rows).toHaveLength(1);
    const balances = [(await userRow(user1))?.points, (await userRow(user2))?.points].sort();
    expect(balances).toEqual([10_000, 10_000 + (rows[0]?.amount ?? 0)].sort());
    expect(await allowanceOf(support)).toBe(400);
  });

  it("locks the agent's membership row before counting (what serialises two adjustments on PostgreSQL)", async () => {
    const support = await addMember(t, a.id, "support", "lock-support");
    const actor = { appId: a.id, accountId: support.id, role: "support" as const };
    // A row locked FOR UPDATE carries the locking transaction's id in xmax until the transaction ends.
    const lockedByThisTransaction = async (tx: Tx, adminId: string) => {
      const result = (await tx.execute(sql`
        select (xmax::text = (pg_current_xact_id()::text::bigint % 4294967296)::text) as mine
        from app_members where app_id = ${a.id} and admin_id = ${adminId}`)) as unknown as {
        rows: { mine: boolean }[];
      };
      return result.rows[0]?.mine;
    };
    await t.db.transaction(async (tx) => {
      expect(await lockedByThisTransaction(tx, support.id)).toBe(false);
      await checkAdjustmentLimit(tx, actor, 10);
      expect(await lockedByThisTransaction(tx, support.id)).toBe(true);
    });
    // Owners are not limited, and take no lock.
    await t.db.transaction(async (tx) => {
      await checkAdjustmentLimit(tx, { appId: a.id, accountId: a.id, role: "owner" }, 10_000);
      expect(await lockedByThisTransaction(tx, a.id)).toBe(false);
    });
  });
});
