import { messages, type PayoutJob } from "@rewards/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayoutTestApp, startPayoutTestApp } from "../../../test/support/payout-app.ts";
import { insertRedeem, redeemRow } from "../../../test/support/redeems.ts";
import { ledgerMismatches } from "../../../test/support/tenants.ts";
import { auditLog, payoutJobs, payouts, redeems, rewardCodes } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

// "Pay selected" (POST /api/redeem/pay/ids) and its job (GET /api/payouts/jobs/:jobId). The payout worker
// is off: tests run its rounds by hand.

let t: PayoutTestApp;
let nextUser = 0;

const payMany = (ids: string[], headers = t.a.headers) =>
  t.app.inject({ method: "POST", url: "/api/redeem/pay/ids", headers, payload: { ids } });
const job = (jobId: string, headers = t.a.headers) =>
  t.app.inject({ method: "GET", url: `/api/payouts/jobs/${jobId}`, headers });

async function newRedeem(itemId: string | null, status: 0 | 2 = 0) {
  const userId = t.users[nextUser++];
  if (!userId) throw new Error("no user left");
  return insertRedeem(t.db, { adminId: t.a.id, userId, cost: 100, itemId, status });
}

async function stock(itemId: string, count: number) {
  await t.db.insert(rewardCodes).values(
    Array.from({ length: count }, (_, index) => {
      const code = `BULK-${itemId}-${String(index).padStart(4, "0")}`;
      return {
        id: newId(),
        adminId: t.a.id,
        rewardItemId: itemId,
        code,
        fingerprint: `test-${code}`,
        last4: code.slice(-4),
      };
    }),
  );
}

const jobCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(payoutJobs))[0]?.n;

beforeAll(async () => {
  t = await startPayoutTestApp({ users: 90 });
  await t.saveSettings();
});
afterAll(() => t.close());

describe("POST /api/redeem/pay/ids", () => {
  it("50 inventory redeems against 40 codes: 40 paid with distinct codes, 10 failed Out of stock and Pending", async () => {
    const itemId = await t.newItem("inventory");
    await stock(itemId, 40);
    const ids: string[] = [];
    for (let index = 0; index < 50; index++) ids.push(await newRedeem(itemId));
    const response = await payMany(ids);
    expect(response.statusCode, response.body).toBe(202);
    const { jobId } = response.json<{ jobId: string }>();
    const started = (await job(jobId)).json<PayoutJob>();
    expect(started).toMatchObject({ total: 50, done: 0, failed: 0, finishedAt: null });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "redeem.payMany"), eq(auditLog.recordId, jobId)));
    expect(entry).toMatchObject({ recordType: "payoutJob", actorAdminId: t.a.id });
    expect(entry?.changes).toEqual({ redeems: { after: 50 }, queued: { after: 50 } });
    const processing = await t.db.select().from(redeems).where(inArray(redeems.id, ids));
    expect(processing.every((row) => row.status === 3)).toBe(true);

    await t.round();
    const finished = (await job(jobId)).json<PayoutJob>();
    expect(finished).toMatchObject({ total: 50, done: 40, failed: 10 });
    expect(finished.finishedAt).not.toBeNull();
    expect(
      finished.results.filter((result) => result.status === "failed").map((result) => result.message),
    ).toEqual(Array(10).fill(messages.outOfStock));
    const rows = await t.db.select().from(redeems).where(inArray(redeems.id, ids));
    const sent = rows.filter((row) => row.status === 1);
    expect(sent).toHaveLength(40);
    expect(sent.every((row) => row.paidVia === "inventory")).toBe(true);
    expect(new Set(sent.map((row) => row.code)).size).toBe(40);
    expect(rows.filter((row) => row.status === 0)).toHaveLength(10);
    const used = await t.db.select().from(rewardCodes).where(eq(rewardCodes.rewardItemId, itemId));
    expect(used.filter((code) => code.usedAt)).toHaveLength(40);
    expect(new Set(used.map((code) => code.redeemId).filter(Boolean)).size).toBe(40);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("mixed: each refusal is a failed result with its reason; the others are queued", async () => {
    const inventory = await t.newItem("inventory");
    await stock(inventory, 5);
    const manual = await t.newItem("manual");
    const provider = await t.newItem("provider");
    const good = await newRedeem(inventory);
    const rejected = await newRedeem(provider, 2);
    const byHand = await newRedeem(manual);
    const sent = await newRedeem(inventory);
    await t.db.update(redeems).set({ status: 1 }).where(eq(redeems.id, sent));
    // Sent by hand already: refused as Sent, not as "paid by hand".
    const sentByHand = await newRedeem(manual);
    await t.db.update(redeems).set({ status: 1 }).where(eq(redeems.id, sentByHand));
    const busy = await newRedeem(inventory);
    const first = await payMany([busy]);
    expect(first.statusCode).toBe(202);
    const response = await payMany([good, rejected, byHand, sent, sentByHand, busy]);
    expect(response.statusCode, response.body).toBe(202);
    const answer = (await job(response.json<{ jobId: string }>().jobId)).json<PayoutJob>();
    const result = (id: string) => answer.results.find((entry) => entry.redeemId === id);
    expect(result(good)).toMatchObject({ status: "queued" });
    expect(result(rejected)).toMatchObject({ status: "queued" });
    expect(result(byHand)).toMatchObject({ status: "failed", message: messages.paidByHand });
    expect(result(sent)).toMatchObject({ status: "failed", message: messages.redeemAlreadySent });
    expect(result(sentByHand)).toMatchObject({ status: "failed", message: messages.redeemAlreadySent });
    expect(result(busy)).toMatchObject({ status: "failed", message: messages.payoutInProgress });
    expect((await redeemRow(t.db, byHand))?.status).toBe(0);
    // The Rejected redeem is debited again as it goes to Processing.
    expect((await redeemRow(t.db, rejected))?.status).toBe(3);
    await t.round();
    expect((await redeemRow(t.db, good))?.status).toBe(1);
    expect((await redeemRow(t.db, rejected))?.status).toBe(1);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("four-eyes: a redeem needing an approval it lacks, or approved by the caller, is refused", async () => {
    const inventory = await t.newItem("inventory");
    await stock(inventory, 2);
    await t.saveSettings({ approvalAbove: 50 });
    try {
      const unapproved = await newRedeem(inventory);
      const response = await payMany([unapproved]);
      const answer = (await job(response.json<{ jobId: string }>().jobId)).json<PayoutJob>();
      expect(answer.results[0]).toMatchObject({ status: "failed", message: messages.approvalNeeded(50) });
    } finally {
      await t.saveSettings();
    }
  });

  it("an id that is not this app's redeem: 404, nothing created", async () => {
    const itemId = await t.newItem("inventory");
    const mine = await newRedeem(itemId);
    const before = await jobCount();
    const response = await payMany([mine, newId()]);
    expect(response.statusCode).toBe(404);
    expect(await jobCount()).toBe(before);
    expect((await redeemRow(t.db, mine))?.status).toBe(0);
    expect(await t.db.select().from(payouts).where(eq(payouts.redeemId, mine))).toEqual([]);
    // Another app's redeem is as unknown.
    expect((await payMany([mine], t.b.headers)).statusCode).toBe(404);
  });

  it("paused: 409 for the whole call, nothing created", async () => {
    const itemId = await t.newItem("inventory");
    const mine = await newRedeem(itemId);
    await t.saveSettings({ paused: true });
    try {
      const before = await jobCount();
      const response = await payMany([mine]);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.payoutsPaused);
      expect(await jobCount()).toBe(before);
    } finally {
      await t.saveSettings();
    }
  });

  it("another app's job is 404", async () => {
    const itemId = await t.newItem("inventory");
    const response = await payMany([await newRedeem(itemId)]);
    const { jobId } = response.json<{ jobId: string }>();
    expect((await job(jobId, t.b.headers)).statusCode).toBe(404);
    expect((await job(newId())).statusCode).toBe(404);
  });
});
