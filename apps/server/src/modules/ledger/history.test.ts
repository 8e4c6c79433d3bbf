import { randomUUID } from "node:crypto";
import type { PointsHistoryAnswer, PointsHistoryEntry } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convert } from "../../../test/support/conversions.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, pointHolds, redeems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { adjustPoints, debitRedeem, refundRedeem, releaseHold } from "./index.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let referrer: string;
let user: string;
let otherAppUser: string;
let redeemId: string;

async function addUser(adminId: string, name: string, referredBy: string | null = null) {
  const id = newId();
  await t.db
    .insert(appUsers)
    .values({ id, adminId, username: `${name}@example.com`, referCode: name, referredBy });
  return id;
}

function history(tenant: Tenant, userId: string, queryParams: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: `/api/users/${userId}/ledger`,
    headers: tenant.headers,
    payload: { queryParams },
  });
}

async function historyOk(
  userId: string,
  queryParams: Record<string, unknown> = {},
): Promise<PointsHistoryAnswer> {
  const response = await history(a, userId, queryParams);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const all = async (userId: string) => (await historyOk(userId, { pageSize: 100 })).entities;

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
  referrer = await addUser(a.id, "ref001");
  user = await addUser(a.id, "usr001", referrer);
  otherAppUser = await addUser(b.id, "oth001");
  // A credit with the referrer's share (spendable), then a held one, released; the first is reversed.
  await convert(t.db, {
    adminId: a.id,
    userId: user,
    tx: "tx-1",
    payoutUsd: 0.5,
    points: 400,
    referrerId: referrer,
    referralPoints: 100,
  });
  await convert(t.db, { adminId: a.id, userId: user, tx: "tx-2", payoutUsd: 5, points: 300 });
  const [hold] = await t.db
    .select({ id: pointHolds.id })
    .from(pointHolds)
    .where(and(eq(pointHolds.appId, a.id), eq(pointHolds.userId, user)));
  await t.db.transaction((tx) => releaseHold(tx, { appId: a.id, holdId: hold?.id ?? "" }));
  await convert(t.db, { adminId: a.id, userId: user, tx: "tx-1", kind: "reversal" });
  redeemId = newId();
  await t.db.insert(redeems).values({
    id: redeemId,
    adminId: a.id,
    userId: user,
    redeemEmail: "usr001@example.com",
    rewardName: "PayPal",
    rewardAmount: "$1",
    rewardCost: 150,
  });
  const owner = { adminId: a.id, userId: user };
  await t.db.transaction((tx) => debitRedeem(tx, { ...owner, redeemId, points: 150 }));
  await t.db.transaction((tx) => refundRedeem(tx, { ...owner, redeemId, points: 150 }));
  await t.db.transaction((tx) =>
    adjustPoints(tx, {
      ...owner,
      currentPoints: 300,
      delta: -20,
      reason: "Duplicate credit",
      actorAdminId: a.id,
    }),
  );
});
afterAll(() => t?.close());

const byKind = (entries: PointsHistoryEntry[], kind: string, bucket?: string) =>
  entries.filter((entry) => entry.kind === kind && (!bucket || entry.bucket === bucket));

describe("POST /api/users/:id/ledger", () => {
  it("answers every entry newest first, each with the records it names", async () => {
    const entries = await all(user);
    expect(entries.map((entry) => entry.kind)).toEqual([
      "admin_adjustment",
      "redeem_refund",
      "redeem",
      "offer_reversal",
      "hold_release",
      "hold_release",
      "offer",
      "offer",
    ]);
    const [credit] = byKind(entries, "offer").slice(-1);
    expect(credit).toMatchObject({
      points: 400,
      bucket: "available",
      offer: { network: "adgateow", offerName: "Test offer", transactionId: "tx-1" },
      redeem: null,
      referredUser: null,
      actor: null,
    });
    expect(byKind(entries, "offer")[0]).toMatchObject({
      points: 300,
      bucket: "pending",
      offer: { transactionId: "tx-2" },
    });
    expect(byKind(entries, "offer_reversal")[0]).toMatchObject({
      points: -400,
      offer: { transactionId: "tx-1" },
    });
    expect(byKind(entries, "hold_release", "pending")[0]).toMatchObject({
      points: -300,
      offer: { transactionId: "tx-2" },
    });
    expect(byKind(entries, "hold_release", "available")[0]).toMatchObject({ points: 300 });
    for (const kind of ["redeem", "redeem_refund"]) {
      expect(byKind(entries, kind)[0]).toMatchObject({
        redeem: { _id: redeemId, rewardName: "PayPal" },
        offer: null,
      });
    }
    expect(byKind(entries, "admin_adjustment")[0]).toMatchObject({
      points: -20,
      actor: { _id: a.id, fullName: "Olive Owner" },
      note: "Duplicate credit",
      offer: null,
      redeem: null,
    });
    // Balances after each entry, oldest first: 400, 400 (+300 pending), release, reversal, redeem, refund, -20.
    expect([...entries].reverse().map((entry) => [entry.balanceAfter, entry.pendingAfter])).toEqual([
      [400, 0],
      [400, 300],
      [400, 0],
      [700, 0],
      [300, 0],
      [150, 0],
      [300, 0],
      [280, 0],
    ]);
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.id, user));
    expect(entries[0]?.balanceAfter).toBe(row?.points);
  });

  it("names the referred user on the referrer's share and its reversal", async () => {
    const entries = await all(referrer);
    expect(entries.map((entry) => [entry.kind, entry.points, entry.balanceAfter])).toEqual([
      ["referral_reversal", -100, 0],
      ["referral", 100, 100],
    ]);
    for (const entry of entries) {
      expect(entry.referredUser).toEqual({ _id: user, username: "usr001@example.com" });
      expect(entry.offer?.transactionId).toBe("tx-1");
    }
    // The user's own credit does not name a referred user.
    expect((await all(user)).every((entry) => entry.referredUser === null)).toBe(true);
  });

  it("pages newest first without repeating or skipping, with the total", async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((pageNumber) => historyOk(user, { pageSize: 3, pageNumber })),
    );
    expect(pages.map((page) => page.totalCount)).toEqual([8, 8, 8]);
    expect(pages.map((page) => page.entities.length)).toEqual([3, 3, 2]);
    expect(pages.flatMap((page) => page.entities.map((entry) => entry._id))).toEqual(
      (await all(user)).map((entry) => entry._id),
    );
    const past = await historyOk(user, { pageSize: 3, pageNumber: 9 });
    expect(past).toEqual({ totalCount: 8, entities: [] });
  });

  it("filters by kind and date range without changing the balances after each entry", async () => {
    const everything = await all(user);
    const balances = new Map(
      everything.map((entry) => [entry._id, [entry.balanceAfter, entry.pendingAfter]]),
    );
    const redeemsOnly = await historyOk(user, { filter: { kind: "redeem" } });
    expect(redeemsOnly.totalCount).toBe(1);
    expect(redeemsOnly.entities[0]).toMatchObject({ kind: "redeem", balanceAfter: 150 });
    const releases = await historyOk(user, { filter: { kind: "hold_release" } });
    expect(releases.entities.map((entry) => entry.bucket)).toEqual(["available", "pending"]);
    for (const entry of releases.entities)
      expect([entry.balanceAfter, entry.pendingAfter]).toEqual(balances.get(entry._id));

    const today = new Date().toISOString().slice(0, 10);
    expect((await historyOk(user, { filter: { from: today, to: today } })).totalCount).toBe(8);
    expect((await historyOk(user, { filter: { to: "2020-01-01" } })).totalCount).toBe(0);
    const third = everything[5]?.createdAt ?? "";
    const since = await historyOk(user, { pageSize: 100, filter: { from: third } });
    expect(since.entities.every((entry) => entry.createdAt >= third)).toBe(true);
    for (const entry of since.entities)
      expect([entry.balanceAfter, entry.pendingAfter]).toEqual(balances.get(entry._id));
    const until = await historyOk(user, { pageSize: 100, filter: { to: third } });
    expect(until.entities.every((entry) => entry.createdAt <= third)).toBe(true);
    expect(until.totalCount).toBeGreaterThan(0);
  });

  it("answers an empty history for a user with no entries", async () => {
    const fresh = await addUser(a.id, "new001");
    expect(await historyOk(fresh)).toEqual({ totalCount: 0, entities: [] });
  });

  it("answers 404 for another app's user or no such user", async () => {
    for (const id of [otherAppUser, randomUUID()]) {
      const response = await history(a, id);
      expect(response.statusCode, response.body).toBe(404);
    }
    expect((await history(b, user)).statusCode).toBe(404);
    expect((await history(b, otherAppUser)).statusCode).toBe(200);
  });

  it("refuses bad filters and paging with 400", async () => {
    const bad: Record<string, unknown>[] = [
      { filter: { kind: "bonus" } },
      { filter: { from: "yesterday" } },
      { filter: { to: "2026-13-01" } },
      { filter: { from: "2026-02-30" } },
      { filter: { from: "2026-01-01T10:00:00" } },
      { filter: { from: "2026-02-01", to: "2026-01-01" } },
      { filter: { userId: user } },
      { sortOrder: "asc" },
      { sortField: "points" },
      { pageSize: 0 },
      { pageSize: 101 },
      { pageNumber: 0 },
    ];
    for (const queryParams of bad) {
      const response = await history(a, user, queryParams);
      expect(response.statusCode, JSON.stringify(queryParams)).toBe(400);
    }
    const notAnId = await t.app.inject({
      method: "POST",
      url: "/api/users/not-an-id/ledger",
      headers: a.headers,
      payload: {},
    });
    expect(notAnId.statusCode).toBe(400);
  });

  it("needs a signed-in member", async () => {
    const response = await t.app.inject({ method: "POST", url: `/api/users/${user}/ledger`, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
