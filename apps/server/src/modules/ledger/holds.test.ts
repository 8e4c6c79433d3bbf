import { randomUUID } from "node:crypto";
import {
  type AppLedgerAnswer,
  type AppMe,
  type AppSessionAnswer,
  messages,
  type PayoutSettingsBody,
  type PointHold,
  type pointHoldListAnswerSchema,
} from "@rewards/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { addCatalogCountry, appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { convert } from "../../../test/support/conversions.ts";
import { addMember, type Member } from "../../../test/support/members.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, auditLog, completedOffers, pointHolds, pointsLedger } from "../../db/schema/index.ts";
import { releaseDueHolds } from "../payouts/index.ts";

// Holds and chargebacks: credits held by the app's rules go to the pending balance, are released by the
// job or by hand, and are taken back from pending by a reversal; a reversal after spending leaves a debt.

let t: TestApp;
let a: Tenant;
let b: Tenant;
let viewer: Member;
let support: Member;
let appKey: string;
let itemId: string;

const dayMs = 86_400_000;
const defaultReason = "Rule 1: $3+ from users under $100 earned, 14 days";

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
  viewer = await addMember(t, a.id, "viewer");
  support = await addMember(t, a.id, "support");
  appKey = await appKeyOf(t.db, a.id);
  itemId = (await addCatalogCountry(t.db, a, "WW", { items: [{ cost: "$5", points: 500 }] }))
    .itemIds[0] as string;
});
afterAll(() => t?.close());

async function addUser(tenant: Tenant = a, options: { referredBy?: string; createdAt?: Date } = {}) {
  const id = randomUUID();
  await t.db.insert(appUsers).values({
    id,
    adminId: tenant.id,
    username: `${id}@users.test`,
    referCode: id.slice(0, 6),
    referredBy: options.referredBy ?? null,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  return id;
}

const balances = async (id: string) => {
  const [row] = await t.db
    .select({ points: appUsers.points, pending: appUsers.pendingPoints, riskReasons: appUsers.riskReasons })
    .from(appUsers)
    .where(eq(appUsers.id, id));
  return row ?? { points: 0, pending: 0, riskReasons: [] };
};
const holdsOf = (userId: string) =>
  t.db.select().from(pointHolds).where(eq(pointHolds.userId, userId)).orderBy(asc(pointHolds.createdAt));
const credit = (userId: string, payoutUsd: number, points = 100, extra: Record<string, unknown> = {}) =>
  convert(t.db, { adminId: a.id, userId, tx: `tx-${randomUUID()}`, payoutUsd, points, ...extra });

async function saveSettings(body: Partial<PayoutSettingsBody>) {
  const response = await t.app.inject({
    method: "PUT",
    url: "/api/payouts/settings",
    headers: a.headers,
    payload: { paused: false, approvalAbove: null, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
}
const defaults = () => saveSettings({});

describe("credits under the hold rules", () => {
  it("holds $3+ from a new user 14 days by default, the referrer's share too; smaller credits are spendable at once", async () => {
    await defaults();
    const referrer = await addUser();
    const user = await addUser(a, { referredBy: referrer });
    const tx = `tx-${randomUUID()}`;
    const held = await convert(t.db, {
      adminId: a.id,
      userId: user,
      tx,
      payoutUsd: 5,
      points: 500,
      referrerId: referrer,
      referralPoints: 125,
    });
    expect(held).toMatchObject({ outcome: "credited", points: 500 });
    expect(await balances(user)).toMatchObject({ points: 0, pending: 500 });
    expect(await balances(referrer)).toMatchObject({ points: 0, pending: 125 });
    const [hold] = await holdsOf(user);
    const [referrerHold] = await holdsOf(referrer);
    expect(hold).toMatchObject({ status: "held", points: 500, reason: defaultReason, appId: a.id });
    expect(Math.abs((hold?.releaseAt.getTime() ?? 0) - (Date.now() + 14 * dayMs))).toBeLessThan(60_000);
    expect(referrerHold).toMatchObject({ status: "held", points: 125, offerId: hold?.offerId });
    expect(referrerHold?.releaseAt.toISOString()).toBe(hold?.releaseAt.toISOString());
    const rows = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user));
    expect(rows).toMatchObject([{ amount: 500, reason: "offer", bucket: "pending" }]);

    await credit(user, 2.99, 299);
    expect(await balances(user)).toMatchObject({ points: 299, pending: 500 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("holds a pending conversion when it is approved, under the rules of that moment", async () => {
    await defaults();
    const user = await addUser();
    const tx = `tx-${randomUUID()}`;
    expect(
      await convert(t.db, { adminId: a.id, userId: user, tx, payoutUsd: 4, kind: "pending" }),
    ).toMatchObject({ outcome: "pending" });
    expect(await balances(user)).toMatchObject({ points: 0, pending: 0 });
    await convert(t.db, { adminId: a.id, userId: user, tx, payoutUsd: 4, points: 400 });
    expect(await balances(user)).toMatchObject({ points: 0, pending: 400 });
    expect(await holdsOf(user)).toHaveLength(1);
  });

  it("reads the user's history: lifetime earnings, account age, past reversals, network", async () => {
    // Lifetime: $100 earned before → no longer "under $100".
    await defaults();
    const earner = await addUser();
    await credit(earner, 2.5, 10);
    await t.db.update(completedOffers).set({ payout: 100 }).where(eq(completedOffers.userId, earner));
    await credit(earner, 5, 500);
    expect(await balances(earner)).toMatchObject({ points: 510, pending: 0 });

    await saveSettings({
      holdRules: [
        {
          network: "bitlabs",
          minPayoutUsd: null,
          maxLifetimeUsd: null,
          maxAccountAgeDays: null,
          minReversals: null,
          holdDays: 3,
        },
        {
          network: null,
          minPayoutUsd: null,
          maxLifetimeUsd: null,
          maxAccountAgeDays: 7,
          minReversals: null,
          holdDays: 5,
        },
        {
          network: null,
          minPayoutUsd: null,
          maxLifetimeUsd: null,
          maxAccountAgeDays: null,
          minReversals: 1,
          holdDays: 9,
        },
      ],
      reversalHold: null,
    });
    const old = await addUser(a, { createdAt: new Date(Date.now() - 30 * dayMs) });
    await credit(old, 1, 100);
    expect(await balances(old)).toMatchObject({ points: 100, pending: 0 });
    await credit(old, 1, 100, { network: "bitlabs" });
    expect((await holdsOf(old)).map((hold) => hold.reason)).toEqual(["Rule 1: bitlabs, 3 days"]);

    const young = await addUser();
    await credit(young, 1, 100);
    expect((await holdsOf(young)).map((hold) => hold.reason)).toEqual([
      "Rule 2: accounts under 7 days old, 5 days",
    ]);

    const reversed = await addUser(a, { createdAt: new Date(Date.now() - 30 * dayMs) });
    const tx = `tx-${randomUUID()}`;
    await convert(t.db, { adminId: a.id, userId: reversed, tx, payoutUsd: 1, points: 50 });
    await convert(t.db, { adminId: a.id, userId: reversed, tx, kind: "reversal" });
    await credit(reversed, 1, 70);
    expect((await holdsOf(reversed)).map((hold) => hold.reason)).toEqual([
      "Rule 3: users with 1+ reversals, 9 days",
    ]);
    expect(await balances(reversed)).toMatchObject({ points: 0, pending: 70 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("holds every credit of a user whose reversal rate is over the app's threshold, and flags the user", async () => {
    await saveSettings({
      holdRules: [],
      reversalHold: { ratePercent: 20, windowDays: 30, minOffers: 5, holdDays: 30 },
    });
    const user = await addUser();
    const txs = Array.from({ length: 8 }, () => `tx-${randomUUID()}`);
    for (const tx of txs) await convert(t.db, { adminId: a.id, userId: user, tx, payoutUsd: 1, points: 10 });
    await convert(t.db, { adminId: a.id, userId: user, tx: txs[0] as string, kind: "reversal" });
    // 1 of 8 reversed (12.5%): not yet.
    await credit(user, 1, 10);
    expect(await holdsOf(user)).toEqual([]);
    await convert(t.db, { adminId: a.id, userId: user, tx: txs[1] as string, kind: "reversal" });
    await convert(t.db, { adminId: a.id, userId: user, tx: txs[2] as string, kind: "reversal" });
    // 3 of 9 reversed: 33%.
    await credit(user, 1, 10);
    const holds = await holdsOf(user);
    expect(holds.map((hold) => hold.reason)).toEqual(["Reversal rate 33% over 30 days"]);
    expect(Math.abs((holds[0]?.releaseAt.getTime() ?? 0) - (Date.now() + 30 * dayMs))).toBeLessThan(60_000);
    expect((await balances(user)).riskReasons).toEqual(["reversals"]);
    // Flagged once, however many credits follow.
    await credit(user, 1, 10);
    expect((await balances(user)).riskReasons).toEqual(["reversals"]);
    const listed = await t.app.inject({
      method: "GET",
      url: `/api/users/details/${user}`,
      headers: a.headers,
    });
    expect(listed.body).toContain("reversals");
  });
});

describe("reversals (chargebacks)", () => {
  it("takes a held credit back from pending, leaving the spendable balance alone", async () => {
    await defaults();
    const referrer = await addUser();
    const user = await addUser(a, { referredBy: referrer });
    await credit(user, 1, 200);
    const tx = `tx-${randomUUID()}`;
    await convert(t.db, {
      adminId: a.id,
      userId: user,
      tx,
      payoutUsd: 5,
      points: 500,
      referrerId: referrer,
      referralPoints: 125,
    });
    expect(await balances(user)).toMatchObject({ points: 200, pending: 500 });
    const reversal = await convert(t.db, { adminId: a.id, userId: user, tx, kind: "reversal" });
    expect(reversal).toMatchObject({ outcome: "reversed", points: -500 });
    expect(await balances(user)).toMatchObject({ points: 200, pending: 0 });
    expect(await balances(referrer)).toMatchObject({ points: 0, pending: 0 });
    expect((await holdsOf(user)).map((hold) => hold.status)).toEqual(["reversed"]);
    expect((await holdsOf(referrer)).map((hold) => hold.status)).toEqual(["reversed"]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("takes a released credit back from the spendable balance", async () => {
    await defaults();
    const user = await addUser();
    const tx = `tx-${randomUUID()}`;
    await convert(t.db, { adminId: a.id, userId: user, tx, payoutUsd: 5, points: 500 });
    const [hold] = await holdsOf(user);
    await t.db
      .update(pointHolds)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(pointHolds.id, hold?.id ?? ""));
    await releaseDueHolds(t.db);
    expect(await balances(user)).toMatchObject({ points: 500, pending: 0 });
    await convert(t.db, { adminId: a.id, userId: user, tx, kind: "reversal" });
    expect(await balances(user)).toMatchObject({ points: 0, pending: 0 });
    expect((await holdsOf(user)).map((row) => row.status)).toEqual(["released"]);
  });

  it("after the points were spent leaves a debt: no redeem until new earnings pay it back", async () => {
    await saveSettings({ holdRules: [], reversalHold: null });
    const session = await signUpOk(t.app, appKey, `debt-${randomUUID().slice(0, 8)}@example.com`);
    const user = session.user._id;
    const tx = `tx-${randomUUID()}`;
    await convert(t.db, { adminId: a.id, userId: user, tx, payoutUsd: 5, points: 600 });
    const redeem = () =>
      appCall(t.app, {
        method: "POST",
        url: "/redeems",
        key: appKey,
        token: session.accessToken,
        payload: { rewardItemId: itemId },
      });
    const first = await redeem();
    expect(first.statusCode, first.body).toBe(200);
    expect(await balances(user)).toMatchObject({ points: 100 });
    await convert(t.db, { adminId: a.id, userId: user, tx, kind: "reversal" });
    expect(await balances(user)).toMatchObject({ points: -500, pending: 0 });
    const refused = await redeem();
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(messages.notEnoughPoints(500, -500));
    // New earnings pay the debt first.
    await credit(user, 1, 700);
    expect(await balances(user)).toMatchObject({ points: 200 });
    expect((await redeem()).statusCode).toBe(409);
    await credit(user, 1, 300);
    expect((await redeem()).statusCode).toBe(200);
    expect(await balances(user)).toMatchObject({ points: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("the release job", () => {
  it("releases due holds only, each once", async () => {
    await defaults();
    const user = await addUser();
    await credit(user, 5, 500);
    await credit(user, 6, 600);
    const [due, later] = await holdsOf(user);
    await t.db
      .update(pointHolds)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(eq(pointHolds.id, due?.id ?? ""));
    expect(await releaseDueHolds(t.db)).toBeGreaterThanOrEqual(1);
    expect(await balances(user)).toMatchObject({ points: 500, pending: 600 });
    expect((await holdsOf(user)).map((hold) => [hold.id, hold.status])).toEqual([
      [due?.id, "released"],
      [later?.id, "held"],
    ]);
    const releases = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, user), eq(pointsLedger.reason, "hold_release")))
      .orderBy(asc(pointsLedger.amount));
    expect(releases).toMatchObject([
      { amount: -500, bucket: "pending", referenceId: due?.offerId },
      { amount: 500, bucket: "available", referenceId: due?.offerId },
    ]);
    expect(await releaseDueHolds(t.db)).toBe(0);
    expect(await balances(user)).toMatchObject({ points: 500, pending: 600 });
  });

  it("releases each due hold exactly once when two workers race", async () => {
    await defaults();
    const users = [await addUser(), await addUser(), await addUser()];
    for (const user of users) for (let i = 0; i < 4; i++) await credit(user, 3 + i, 100);
    await t.db
      .update(pointHolds)
      .set({ releaseAt: new Date(Date.now() - 1000) })
      .where(
        sql`${pointHolds.userId} in (${sql.join(
          users.map((user) => sql`${user}`),
          sql`, `,
        )})`,
      );
    const [one, two] = await Promise.all([
      releaseDueHolds(t.db, { batchSize: 5 }),
      releaseDueHolds(t.db, { batchSize: 5 }),
    ]);
    expect((one ?? 0) + (two ?? 0)).toBe(12);
    for (const user of users) expect(await balances(user)).toMatchObject({ points: 400, pending: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("holds by hand", () => {
  const list = (userId: string, headers = a.headers) =>
    t.app.inject({ method: "GET", url: `/api/payouts/users/${userId}/holds`, headers });
  const release = (holdId: string, headers = a.headers) =>
    t.app.inject({ method: "POST", url: `/api/payouts/holds/${holdId}/release`, headers });
  const extend = (holdId: string, days: number, headers = a.headers) =>
    t.app.inject({ method: "POST", url: `/api/payouts/holds/${holdId}/extend`, headers, payload: { days } });
  const auditOf = (action: string, userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.recordId, userId)));

  it("lists a user's holds newest first with the offer's network; 404 for an unknown user or another app's", async () => {
    await defaults();
    const user = await addUser();
    await credit(user, 5, 500);
    await credit(user, 7, 700, { network: "bitlabs" });
    const response = await list(user);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<z.infer<typeof pointHoldListAnswerSchema>>();
    expect(answer.totalCount).toBe(2);
    expect(answer.entities.map((hold) => [hold.points, hold.network, hold.status, hold.reason])).toEqual([
      [700, "bitlabs", "held", defaultReason],
      [500, "adgateow", "held", defaultReason],
    ]);
    expect((await list(user, viewer.headers)).statusCode).toBe(200);
    expect((await list(randomUUID())).statusCode).toBe(404);
    expect((await list(user, b.headers)).statusCode).toBe(404);
  });

  it("releases a hold now (audited); a second release or an extend of it answers 409", async () => {
    await defaults();
    const user = await addUser();
    await credit(user, 5, 500);
    const [hold] = await holdsOf(user);
    const id = hold?.id ?? "";
    const response = await release(id, support.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PointHold>()).toMatchObject({
      _id: id,
      status: "released",
      points: 500,
      network: "adgateow",
    });
    expect(response.json<PointHold>().releasedAt).not.toBeNull();
    expect(await balances(user)).toMatchObject({ points: 500, pending: 0 });
    const [entry] = await auditOf("hold.release", user);
    expect(entry).toMatchObject({ actorAdminId: support.id, recordType: "user" });
    expect(entry?.changes).toMatchObject({ status: { before: "held", after: "released" } });

    const again = await release(id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(messages.holdNotHeld);
    expect((await extend(id, 3)).statusCode).toBe(409);
    expect(await balances(user)).toMatchObject({ points: 500, pending: 0 });
  });

  it("extends a hold by the days given (audited)", async () => {
    await defaults();
    const user = await addUser();
    await credit(user, 5, 500);
    const [hold] = await holdsOf(user);
    const id = hold?.id ?? "";
    const response = await extend(id, 10);
    expect(response.statusCode, response.body).toBe(200);
    expect(new Date(response.json<PointHold>().releaseAt).getTime()).toBe(
      (hold?.releaseAt.getTime() ?? 0) + 10 * dayMs,
    );
    const [entry] = await auditOf("hold.extend", user);
    expect(entry?.changes).toMatchObject({
      releaseAt: { before: hold?.releaseAt.toISOString(), after: response.json<PointHold>().releaseAt },
    });
    expect((await extend(id, 0)).statusCode).toBe(400);
    expect(await balances(user)).toMatchObject({ points: 0, pending: 500 });
  });

  it("refuses a viewer (403), another app (404) and an unknown hold (404), changing nothing", async () => {
    await defaults();
    const user = await addUser();
    await credit(user, 5, 500);
    const [hold] = await holdsOf(user);
    const id = hold?.id ?? "";
    const refused = await release(id, viewer.headers);
    expect(refused.statusCode).toBe(403);
    expect((await extend(id, 3, viewer.headers)).statusCode).toBe(403);
    expect((await release(id, b.headers)).statusCode).toBe(404);
    expect((await extend(id, 3, b.headers)).statusCode).toBe(404);
    expect((await release(randomUUID())).statusCode).toBe(404);
    expect((await holdsOf(user)).map((row) => [row.status, row.releaseAt.toISOString()])).toEqual([
      ["held", hold?.releaseAt.toISOString()],
    ]);
    expect(await balances(user)).toMatchObject({ points: 0, pending: 500 });
  });
});

describe("the app API", () => {
  it("shows the spendable and held balances and the next release; the ledger marks held credits", async () => {
    await defaults();
    const session: AppSessionAnswer = await signUpOk(
      t.app,
      appKey,
      `balance-${randomUUID().slice(0, 8)}@example.com`,
    );
    expect(session.user.balance).toEqual({ available: 0, pending: 0, nextReleaseAt: null });
    const user = session.user._id;
    await credit(user, 1, 100);
    await credit(user, 5, 500);
    await credit(user, 6, 600);
    const [first, second] = await holdsOf(user);
    await t.db
      .update(pointHolds)
      .set({ releaseAt: new Date(Date.now() + dayMs) })
      .where(eq(pointHolds.id, second?.id ?? ""));
    const me = async () =>
      (await appCall(t.app, { url: "/me", key: appKey, token: session.accessToken })).json<AppMe>();
    const ledger = async () =>
      (
        await appCall(t.app, { url: "/me/ledger", key: appKey, token: session.accessToken })
      ).json<AppLedgerAnswer>();

    expect(await me()).toMatchObject({
      points: 100,
      balance: { available: 100, pending: 1100, nextReleaseAt: expect.any(String) },
    });
    expect((await me()).balance.nextReleaseAt).toBe((await holdsOf(user))[1]?.releaseAt.toISOString());
    const before = await ledger();
    expect(
      before.entities.map((entry) => [entry.amount, entry.reason, entry.state, entry.releaseAt]),
    ).toEqual([
      [600, "offer", "pending", expect.any(String)],
      [500, "offer", "pending", first?.releaseAt.toISOString()],
      [100, "offer", "available", null],
    ]);

    const released = await t.app.inject({
      method: "POST",
      url: `/api/payouts/holds/${first?.id}/release`,
      headers: a.headers,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await me()).toMatchObject({ points: 600, balance: { available: 600, pending: 600 } });
    const after = await ledger();
    expect(after.totalCount).toBe(4);
    expect(after.entities.map((entry) => [entry.amount, entry.reason, entry.state, entry.releaseAt])).toEqual(
      [
        [500, "hold_release", "available", null],
        [600, "offer", "pending", (await holdsOf(user))[1]?.releaseAt.toISOString()],
        [500, "offer", "available", null],
        [100, "offer", "available", null],
      ],
    );
  });
});
