import {
  defaultPayoutSettings,
  messages,
  type PayoutSettingsBody,
  type RedeemDetails,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry, appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { addMailConfig } from "../../../test/support/mail-config.ts";
import { addMember, type Member } from "../../../test/support/members.ts";
import { insertRedeem, redeemRow } from "../../../test/support/redeems.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import {
  appUsers,
  auditLog,
  mailOutbox,
  payoutSettings,
  redeems,
  rewardCodes,
  rewardItems,
} from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { seedDemoData } from "../../seed/demo-data.ts";
import { adjustPoints } from "../ledger/index.ts";

// The app's payout rules: GET/PUT /api/payouts/settings, the pause switch (pay and change status to Sent
// refused while paused) and four-eyes approval of redeems above the approval amount.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let users: string[];
let nextUser = 0;
const team = {} as Record<"admin" | "support" | "support2" | "viewer", Member>;

type Caller = { headers: { authorization: string } };

const form = {
  code: "GIFT-CARD-CODE-0001",
  rewardName: "Amazon Gift Card",
  redeemEmail: "rules@example.com",
  subject: "Your reward",
  text: "<p>Enjoy</p>",
};

const settingsOf = (caller: Caller = a) =>
  t.app.inject({ method: "GET", url: "/api/payouts/settings", headers: caller.headers });
const saveSettings = (payload: unknown, caller: Caller = a) =>
  t.app.inject({
    method: "PUT",
    url: "/api/payouts/settings",
    headers: caller.headers,
    payload: payload as object,
  });
const pay = (id: string, caller: Caller = a, body: object = form) =>
  t.app.inject({
    method: "PUT",
    url: `/api/redeem/sendReward/${id}`,
    headers: caller.headers,
    payload: body,
  });
const approve = (id: string, caller: Caller = a) =>
  t.app.inject({ method: "POST", url: `/api/redeem/${id}/approve`, headers: caller.headers });
const changeStatus = (ids: string[], status: number, caller: Caller = a) =>
  t.app.inject({
    method: "PUT",
    url: "/api/redeem/state/ids",
    headers: caller.headers,
    payload: { ids, status },
  });
const details = async (id: string) =>
  (await t.app.inject({ method: "GET", url: `/api/redeem/${id}`, headers: a.headers })).json<RedeemDetails>();

/** The settings as answered: what was sent, the rest (provider, holds, automatic approval) by default. */
const full = (settings: PayoutSettingsBody) => ({ ...defaultPayoutSettings, ...settings });

async function saved(settings: PayoutSettingsBody) {
  const response = await saveSettings(settings);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual(full(settings));
}

/** A Pending redeem of tenant A by its own user, its cost debited as a real request would. */
async function newRedeem(cost = 100, itemId: string | null = null) {
  const userId = users[nextUser++];
  if (!userId) throw new Error("no user left");
  return insertRedeem(t.db, { adminId: a.id, userId, cost, itemId });
}

const outboxOf = (id: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, id));
const entries = (action: "payoutSettings.update" | "redeem.approve" | "redeem.pay" | "redeem.status") =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.adminId, a.id), eq(auditLog.action, action)))
    .orderBy(auditLog.createdAt);

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 40, offers: 0, redeems: 0, seed: 47 });
  await addMailConfig(t.db, a.id);
  const rows = await t.db.select().from(appUsers).where(eq(appUsers.adminId, a.id));
  for (const user of rows) {
    await t.db.transaction((tx) =>
      adjustPoints(tx, {
        adminId: a.id,
        userId: user.id,
        currentPoints: user.points,
        delta: 10_000,
        reason: "Test balance",
        actorAdminId: null,
      }),
    );
  }
  users = rows.map((user) => user.id);
  team.admin = await addMember(t, a.id, "admin");
  team.support = await addMember(t, a.id, "support");
  team.support2 = await addMember(t, a.id, "support", "support-two");
  team.viewer = await addMember(t, a.id, "viewer");
});
afterAll(() => t.close());

describe("the payout settings", () => {
  it("answer the defaults while the app has saved none, to every role", async () => {
    expect(defaultPayoutSettings).toMatchObject({
      paused: false,
      approvalAbove: null,
      tremendous: null,
      autoApproval: null,
    });
    for (const caller of [a, team.admin, team.support, team.viewer]) {
      const response = await settingsOf(caller);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(defaultPayoutSettings);
    }
  });

  it("are saved, answered, kept per app, and audited before and after as the member", async () => {
    const response = await saveSettings({ paused: false, approvalAbove: 500 }, team.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(full({ paused: false, approvalAbove: 500 }));
    expect((await settingsOf(team.viewer)).json()).toEqual(full({ paused: false, approvalAbove: 500 }));
    expect((await settingsOf(b)).json()).toEqual(defaultPayoutSettings);
    await saved({ paused: false, approvalAbove: null });

    const [first, second] = await entries("payoutSettings.update");
    expect(first).toMatchObject({
      actorAdminId: team.admin.id,
      recordType: "payoutSettings",
      recordId: null,
      changes: { approvalAbove: { before: null, after: 500 } },
    });
    expect(second).toMatchObject({
      actorAdminId: a.id,
      changes: { approvalAbove: { before: 500, after: null } },
    });
  });

  it("refuse bad input with 400 and a field message, changing nothing", async () => {
    await saved({ paused: false, approvalAbove: 300 });
    const before = await t.db.select().from(payoutSettings).where(eq(payoutSettings.appId, a.id));
    const auditCount = (await entries("payoutSettings.update")).length;
    const bad: [unknown, string][] = [
      [{ paused: false, approvalAbove: -1 }, "approvalAbove"],
      [{ paused: false, approvalAbove: 10.5 }, "approvalAbove"],
      [{ paused: false, approvalAbove: "100" }, "approvalAbove"],
      [{ paused: false, approvalAbove: Number.MAX_SAFE_INTEGER }, "approvalAbove"],
      [{ approvalAbove: 100 }, "paused"],
      [{ paused: "yes", approvalAbove: 100 }, "paused"],
    ];
    for (const [body, field] of bad) {
      const response = await saveSettings(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fieldErrors?.[field], JSON.stringify(body)).toBeTruthy();
    }
    expect(await t.db.select().from(payoutSettings).where(eq(payoutSettings.appId, a.id))).toEqual(before);
    expect(await entries("payoutSettings.update")).toHaveLength(auditCount);
    await saved({ paused: false, approvalAbove: null });
  });

  it("can be changed by owners and admins only (support and viewer 403, nothing changed)", async () => {
    for (const caller of [team.support, team.viewer]) {
      const response = await saveSettings({ paused: true, approvalAbove: null }, caller);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(messages.roleForbidden);
    }
    expect((await settingsOf()).json()).toEqual(defaultPayoutSettings);
  });
});

describe("the pause switch", () => {
  it("refuses a pay with 409 while paused (no code taken, no e-mail, status kept); unpausing lets it through", async () => {
    const { itemIds } = await addCatalogCountry(t.db, a, "PS", { items: [{ cost: "$5", points: 100 }] });
    const itemId = itemIds[0] as string;
    await t.db.update(rewardItems).set({ fulfilment: "inventory" }).where(eq(rewardItems.id, itemId));
    await t.db.insert(rewardCodes).values({
      id: newId(),
      adminId: a.id,
      rewardItemId: itemId,
      code: "PAUSED-STOCK-CODE-01",
      fingerprint: "test-paused-stock-code",
      last4: "E-01",
    });
    const id = await newRedeem(100, itemId);
    const stockForm = { ...form, code: undefined };
    await saved({ paused: true, approvalAbove: null });
    const payEntries = (await entries("redeem.pay")).length;

    const refused = await pay(id, a, stockForm);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(messages.payoutsPaused);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 0, code: null, paidAt: null });
    const [code] = await t.db.select().from(rewardCodes).where(eq(rewardCodes.rewardItemId, itemId));
    expect(code).toMatchObject({ usedAt: null, redeemId: null });
    expect(await outboxOf(id)).toEqual([]);
    expect(await entries("redeem.pay")).toHaveLength(payEntries);
    // 404 comes first: an unknown redeem is unknown, paused or not.
    expect((await pay(newId())).statusCode).toBe(404);

    await saved({ paused: false, approvalAbove: null });
    const paid = await pay(id, a, stockForm);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 1, code: "PAUSED-STOCK-CODE-01" });
    expect(await outboxOf(id)).toHaveLength(1);
  });

  it("refuses a change of status to Sent while paused; Pending and Rejected stay allowed", async () => {
    const first = await newRedeem();
    const second = await newRedeem();
    await saved({ paused: true, approvalAbove: null });
    const refused = await changeStatus([first, second], 1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(messages.payoutsPaused);
    expect((await redeemRow(t.db, first))?.status).toBe(0);
    expect((await redeemRow(t.db, second))?.status).toBe(0);

    const rejected = await changeStatus([first], 2);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await redeemRow(t.db, first))?.status).toBe(2);
    const back = await changeStatus([first], 0);
    expect(back.statusCode, back.body).toBe(200);
    expect((await redeemRow(t.db, first))?.status).toBe(0);

    await saved({ paused: false, approvalAbove: null });
    expect((await changeStatus([second], 1)).statusCode).toBe(200);
    expect((await redeemRow(t.db, second))?.status).toBe(1);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("lets app users still ask for rewards while paused (nobody pays)", async () => {
    const { itemIds } = await addCatalogCountry(t.db, a, "US", { items: [{ cost: "$5", points: 100 }] });
    const appKey = await appKeyOf(t.db, a.id);
    const session = await signUpOk(t.app, appKey, "paused-asker@example.com");
    await t.db.transaction((tx) =>
      adjustPoints(tx, {
        adminId: a.id,
        userId: session.user._id,
        currentPoints: 0,
        delta: 1000,
        reason: "Test balance",
        actorAdminId: null,
      }),
    );
    await saved({ paused: true, approvalAbove: null });
    const asked = await appCall(t.app, {
      method: "POST",
      url: "/redeems",
      key: appKey,
      token: session.accessToken,
      payload: { rewardItemId: itemIds[0] },
    });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    await saved({ paused: false, approvalAbove: null });
  });

  it("pauses only its own app", async () => {
    await saved({ paused: true, approvalAbove: null });
    expect((await settingsOf(b)).json()).toEqual(defaultPayoutSettings);
    await saved({ paused: false, approvalAbove: null });
  });
});

describe("four-eyes approval", () => {
  it("a support member approves, cannot pay it themselves (409), and an admin member pays it", async () => {
    await saved({ paused: false, approvalAbove: 500 });
    const id = await newRedeem(800);
    expect(await details(id)).toMatchObject({ needsApproval: true, approval: null });

    const unapproved = await pay(id, team.admin);
    expect(unapproved.statusCode, unapproved.body).toBe(409);
    expect(unapproved.json().message).toBe(messages.approvalNeeded(500));

    const approved = await approve(id, team.support);
    expect(approved.statusCode, approved.body).toBe(200);
    const answer = approved.json<RedeemDetails>();
    expect(answer.needsApproval).toBe(true);
    expect(answer.approval?.by).toEqual({ _id: team.support.id, fullName: "Member support" });
    expect(Number.isNaN(Date.parse(answer.approval?.at ?? ""))).toBe(false);
    expect(await details(id)).toMatchObject({ approval: answer.approval });
    const [entry] = await entries("redeem.approve");
    expect(entry).toMatchObject({ actorAdminId: team.support.id, recordType: "redeem", recordId: id });
    expect(entry?.changes?.approvedByAdminId).toEqual({ before: null, after: team.support.id });

    const own = await pay(id, team.support);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe(messages.approverCannotPay);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 0, code: null });
    expect(await outboxOf(id)).toEqual([]);

    const paid = await pay(id, team.admin);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await redeemRow(t.db, id)).toMatchObject({ status: 1, paidByAdminId: team.admin.id });
  });

  it("applies the same rules to a change of status to Sent, refusing the whole call", async () => {
    await saved({ paused: false, approvalAbove: 500 });
    const small = await newRedeem(100);
    const large = await newRedeem(900);
    const refused = await changeStatus([small, large], 1, team.admin);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(messages.approvalNeeded(500));
    expect((await redeemRow(t.db, small))?.status).toBe(0);

    expect((await approve(large, team.admin)).statusCode).toBe(200);
    const own = await changeStatus([small, large], 1, team.admin);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe(messages.approverCannotPay);
    expect((await redeemRow(t.db, large))?.status).toBe(0);

    const other = await changeStatus([small, large], 1, team.support);
    expect(other.statusCode, other.body).toBe(200);
    expect((await redeemRow(t.db, small))?.status).toBe(1);
    expect((await redeemRow(t.db, large))?.status).toBe(1);
  });

  it("needs no approval at or below the amount, nor when it is off (approve answers 409)", async () => {
    await saved({ paused: false, approvalAbove: 500 });
    const atAmount = await newRedeem(500);
    expect((await details(atAmount)).needsApproval).toBe(false);
    const response = await approve(atAmount, team.support);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(messages.approvalNotNeeded);
    expect((await redeemRow(t.db, atAmount))?.approvedByAdminId).toBeNull();
    expect((await pay(atAmount, team.support)).statusCode).toBe(200);

    await saved({ paused: false, approvalAbove: null });
    const large = await newRedeem(5000);
    expect((await details(large)).needsApproval).toBe(false);
    expect((await approve(large)).json().message).toBe(messages.approvalNotNeeded);
    expect((await pay(large)).statusCode).toBe(200);
  });

  it("refuses a second approval, an approval of a Sent redeem, and another app's redeem", async () => {
    await saved({ paused: false, approvalAbove: 500 });
    const id = await newRedeem(700);
    expect((await approve(id, team.support)).statusCode).toBe(200);
    const twice = await approve(id, team.support2);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().message).toBe(messages.alreadyApproved);
    expect((await redeemRow(t.db, id))?.approvedByAdminId).toBe(team.support.id);

    const sent = await newRedeem(700);
    await t.db.update(redeems).set({ status: 1 }).where(eq(redeems.id, sent));
    const late = await approve(sent, team.support);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(messages.redeemAlreadySent);

    const otherApp = await approve(id, b);
    expect(otherApp.statusCode, otherApp.body).toBe(404);
    expect((await approve(newId(), team.support)).statusCode).toBe(404);
    expect((await approve(id, team.viewer)).statusCode).toBe(403);
  });

  it("lets one of two members approving at once win; the other gets 409", async () => {
    await saved({ paused: false, approvalAbove: 500 });
    const id = await newRedeem(1000);
    const answers = await Promise.all([approve(id, team.support), approve(id, team.support2)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    expect(loser?.json().message).toBe(messages.alreadyApproved);
    const winner = answers.findIndex((answer) => answer.statusCode === 200);
    const winnerId = winner === 0 ? team.support.id : team.support2.id;
    expect((await redeemRow(t.db, id))?.approvedByAdminId).toBe(winnerId);
    const approvals = (await entries("redeem.approve")).filter((entry) => entry.recordId === id);
    expect(approvals).toHaveLength(1);
    await saved({ paused: false, approvalAbove: null });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});
