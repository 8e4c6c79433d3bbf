import { messages, type RedeemDetails } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type PayoutTestApp, startPayoutTestApp, webhookKey } from "../../../test/support/payout-app.ts";
import { insertRedeem, redeemRow } from "../../../test/support/redeems.ts";
import { ledgerMismatches } from "../../../test/support/tenants.ts";
import { appUsers, mailOutbox, payouts, pointsLedger, providerEvents } from "../../db/schema/index.ts";
import { mailText } from "../../lib/mail-texts/index.ts";

// Paying through Tremendous, against the fake Tremendous of the test tools. The payout worker is off:
// each test runs its rounds by hand, with a simulated `now` where time matters.

let t: PayoutTestApp;
let itemId: string;
let nextUser = 0;

const form = { rewardName: "Gift", redeemEmail: "ann@example.com", subject: "Yours", text: "<p>Hi</p>" };
const pay = (id: string) =>
  t.app.inject({ method: "PUT", url: `/api/redeem/sendReward/${id}`, headers: t.a.headers, payload: form });
const details = async (id: string) =>
  (
    await t.app.inject({ method: "GET", url: `/api/redeem/${id}`, headers: t.a.headers })
  ).json<RedeemDetails>();
const payoutOf = async (redeemId: string) =>
  (await t.db.select().from(payouts).where(eq(payouts.redeemId, redeemId)).orderBy(sql`created_at desc`))[0];
const balanceOf = async (userId: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, userId)))[0]?.points;
const webhook = (raw: string, signature?: string, url = t.webhookUrl) =>
  t.app.inject({
    method: "POST",
    url,
    headers: {
      "content-type": "application/json",
      ...(signature === undefined ? {} : { "tremendous-webhook-signature": signature }),
    },
    payload: raw,
  });

/** A Pending redeem of the provider item by a user of its own, its points debited. */
async function newRedeem(item = itemId) {
  const userId = t.users[nextUser++];
  if (!userId) throw new Error("no user left");
  const id = await insertRedeem(t.db, { adminId: t.a.id, userId, cost: 100, itemId: item });
  return { id, userId };
}

/** A redeem paid through the pay call: Processing, its payout queued. */
async function queued() {
  const redeem = await newRedeem();
  const response = await pay(redeem.id);
  expect(response.statusCode, response.body).toBe(200);
  return redeem;
}

beforeAll(async () => {
  t = await startPayoutTestApp({ users: 40 });
  await t.saveSettings();
  itemId = await t.newItem("provider");
});
afterAll(() => t.close());
beforeEach(() => {
  t.fake.outcome = "execute";
  t.fake.clock = () => Date.now();
  t.fake.downUntil(0);
});

describe("paying a provider item", () => {
  it("the pay call answers Processing with its payout queued; the worker's order makes it Sent", async () => {
    const { id, userId } = await newRedeem();
    const response = await pay(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RedeemDetails>()).toMatchObject({
      status: 3,
      payout: { status: "queued", method: "provider" },
    });
    expect(await t.round()).toBe(1);
    const redeem = await redeemRow(t.db, id);
    expect(redeem).toMatchObject({ status: 1, paidVia: "provider" });
    expect(redeem?.paidAt).toBeInstanceOf(Date);
    const order = t.fake.orderFor(id);
    expect(order?.status).toBe("EXECUTED");
    const posted = t.fake.orderCalls(id)[0]?.body as Record<string, unknown>;
    expect(posted).toMatchObject({
      external_id: id,
      payment: { funding_source_id: "FUNDING-1" },
      reward: {
        value: { denomination: 5, currency_code: "USD" },
        products: ["PRODUCT-1"],
        delivery: { method: "EMAIL" },
        recipient: { email: expect.stringContaining("@user.test") },
      },
    });
    expect((await details(id)).payout).toMatchObject({ status: "paid", providerOrderId: order?.id });
    // Tremendous e-mails the recipient: we queue nothing.
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, id))).toEqual([]);
    expect(await balanceOf(userId)).toBe(900);
  });

  it("a pending order is polled, then paid when the poll sees it EXECUTED", async () => {
    t.fake.outcome = "pending";
    const { id } = await queued();
    const now = new Date();
    await t.round(now);
    let payout = await payoutOf(id);
    expect(payout).toMatchObject({ status: "processing", providerStatus: "PENDING APPROVAL/PENDING" });
    expect(payout?.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
    expect((await redeemRow(t.db, id))?.status).toBe(3);
    // Not due yet: nothing happens.
    expect(await t.round(now)).toBe(0);
    t.fake.setStatus(payout?.providerOrderId ?? "", "EXECUTED");
    await t.round(new Date(now.getTime() + 61_000));
    payout = await payoutOf(id);
    expect(payout?.status).toBe("paid");
    expect((await redeemRow(t.db, id))?.status).toBe(1);
  });

  it("LINK delivery: the link is the redeem's code (encrypted) and our reward e-mail carries it", async () => {
    await t.saveSettings({
      tremendous: {
        apiKey: t.fake.apiKey,
        baseUrl: t.fake.baseUrl,
        fundingSourceId: "FUNDING-1",
        webhookPrivateKey: webhookKey,
        delivery: "LINK",
      },
    });
    try {
      const { id } = await queued();
      await t.round();
      const redeem = await redeemRow(t.db, id);
      expect(redeem?.status).toBe(1);
      expect(redeem?.code).toMatch(/^https:\/\/reward\.fake-tremendous\.test\//);
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, id));
      expect(mail?.text).toContain(redeem?.code ?? "none");
      // The built-in template of the user's language (the demo user's phone locale), or the app's (English).
      const [user] = await t.db
        .select({ language: appUsers.language })
        .from(appUsers)
        .where(eq(appUsers.id, redeem?.userId ?? ""));
      const subject = mailText(user?.language ?? "en", "reward.subject", {
        reward: redeem?.rewardName ?? "",
      });
      expect(mail?.subject).toBe(subject);
      const stored = await t.db.execute(sql`select code from redeems where id = ${id}`);
      expect(JSON.stringify(stored)).not.toContain("fake-tremendous.test");
    } finally {
      await t.saveSettings();
    }
  });
});

describe("the webhook", () => {
  async function processing() {
    t.fake.outcome = "pending";
    const redeem = await queued();
    await t.round();
    const payout = await payoutOf(redeem.id);
    expect(payout?.status).toBe("processing");
    return { ...redeem, orderId: payout?.providerOrderId ?? "" };
  }

  it("a signed event is applied: the order read back as EXECUTED pays the redeem", async () => {
    const { id, orderId } = await processing();
    t.fake.setStatus(orderId, "EXECUTED");
    const event = t.fake.signedEvent("ORDERS.APPROVED", { id: orderId, type: "orders" }, webhookKey, {
      prefix: true,
    });
    const response = await webhook(event.raw, event.signature);
    expect(response.statusCode, response.body).toBe(200);
    expect((await redeemRow(t.db, id))?.status).toBe(1);
    expect((await payoutOf(id))?.status).toBe("paid");
  });

  it("a repeated event (same uuid) is applied once: no second read of the order", async () => {
    const { id, orderId } = await processing();
    const event = t.fake.signedEvent("ORDERS.APPROVED", { id: orderId, type: "orders" }, webhookKey);
    expect((await webhook(event.raw, event.signature)).statusCode).toBe(200);
    const reads = () => t.fake.requests.filter((request) => request.path === `/orders/${orderId}`).length;
    const before = reads();
    expect((await webhook(event.raw, event.signature)).json()).toEqual({ message: "Already applied" });
    expect(reads()).toBe(before);
    expect((await payoutOf(id))?.status).toBe("processing");
  });

  it("an event about a reward finds its payout by the reward id", async () => {
    const { id } = await processing();
    const payout = await payoutOf(id);
    t.fake.setStatus(payout?.providerOrderId ?? "", "EXECUTED");
    const event = t.fake.signedEvent(
      "REWARDS.DELIVERY.SUCCEEDED",
      { id: payout?.providerRewardId ?? "", type: "rewards" },
      webhookKey,
    );
    expect((await webhook(event.raw, event.signature)).statusCode).toBe(200);
    expect((await redeemRow(t.db, id))?.status).toBe(1);
  });

  it("a bad or missing signature is 401 and changes nothing (no event recorded)", async () => {
    const { id, orderId } = await processing();
    t.fake.setStatus(orderId, "EXECUTED");
    const bad = t.fake.signedEvent("ORDERS.APPROVED", { id: orderId, type: "orders" }, webhookKey, {
      badSignature: true,
    });
    const events = async () => (await t.db.select().from(providerEvents)).length;
    const before = await events();
    const refused = await webhook(bad.raw, bad.signature);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(messages.badWebhookSignature);
    expect((await webhook(bad.raw)).statusCode).toBe(401);
    expect((await webhook(bad.raw, "not-hex")).statusCode).toBe(401);
    expect(await events()).toBe(before);
    expect((await redeemRow(t.db, id))?.status).toBe(3);
    expect((await payoutOf(id))?.status).toBe("processing");
  });

  it("an unknown app key is 404; a body that is not JSON (signed) is 400; an unknown order is ignored", async () => {
    const event = t.fake.signedEvent("ORDERS.APPROVED", { id: "ORDER-NOPE", type: "orders" }, webhookKey);
    expect((await webhook(event.raw, event.signature, "/webhooks/tremendous/nope")).statusCode).toBe(404);
    const { createHmac } = await import("node:crypto");
    const junk = "{not json";
    const signature = createHmac("sha256", webhookKey).update(junk).digest("hex");
    expect((await webhook(junk, signature)).statusCode).toBe(400);
    const ignored = await webhook(event.raw, event.signature);
    expect(ignored.statusCode).toBe(200);
  });

  it("an app without a provider answers 401", async () => {
    const { appKeyOf } = await import("../../../test/support/app-api.ts");
    const keyB = await appKeyOf(t.db, t.b.id);
    const event = t.fake.signedEvent("ORDERS.APPROVED", { id: "X", type: "orders" }, webhookKey);
    expect((await webhook(event.raw, event.signature, `/webhooks/tremendous/${keyB}`)).statusCode).toBe(401);
  });

  it("Tremendous unreachable while a webhook is applied: 200, and the payout is polled at once", async () => {
    const { id, orderId } = await processing();
    t.fake.failNext(503, 1);
    const event = t.fake.signedEvent("ORDERS.APPROVED", { id: orderId, type: "orders" }, webhookKey);
    const before = Date.now();
    expect((await webhook(event.raw, event.signature)).statusCode).toBe(200);
    const payout = await payoutOf(id);
    expect(payout?.status).toBe("processing");
    expect(payout?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(payout?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    t.fake.setStatus(orderId, "EXECUTED");
    await t.round();
    expect((await redeemRow(t.db, id))?.status).toBe(1);
  });

  it("an order FAILED seen by the webhook and the poll at once refunds the points exactly once", async () => {
    const { id, userId, orderId } = await processing();
    expect(await balanceOf(userId)).toBe(900);
    t.fake.setStatus(orderId, "FAILED");
    // The payout is due for its poll right now, and the webhook comes in at the same time.
    await t.db
      .update(payouts)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(payouts.redeemId, id));
    const event = t.fake.signedEvent("ORDERS.FAILED", { id: orderId, type: "orders" }, webhookKey);
    const [response] = await Promise.all([webhook(event.raw, event.signature), t.round(), t.round()]);
    expect(response.statusCode).toBe(200);
    expect((await redeemRow(t.db, id))?.status).toBe(2);
    expect(await balanceOf(userId)).toBe(1000);
    const refunds = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.referenceId, id), eq(pointsLedger.reason, "redeem_refund")));
    expect(refunds).toHaveLength(1);
    expect(await payoutOf(id)).toMatchObject({ status: "failed", message: "Tremendous order FAILED/FAILED" });
    // Later events and polls change nothing.
    const again = t.fake.signedEvent("ORDERS.FAILED", { id: orderId, type: "orders" }, webhookKey);
    await webhook(again.raw, again.signature);
    await t.round(new Date(Date.now() + 3_600_000));
    expect(await balanceOf(userId)).toBe(1000);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a canceled order refunds too", async () => {
    const { id, userId, orderId } = await processing();
    t.fake.setStatus(orderId, "CANCELED");
    await t.round(new Date(Date.now() + 61_000));
    expect((await redeemRow(t.db, id))?.status).toBe(2);
    expect(await balanceOf(userId)).toBe(1000);
  });
});

describe("Tremendous down or refusing", () => {
  it("down for 5 minutes: retried with backoff, the redeem Processing meanwhile, then paid; one order", async () => {
    const { id } = await queued();
    const start = Date.now();
    let now = start;
    t.fake.clock = () => now;
    t.fake.downUntil(start + 5 * 60_000);
    const seen: string[] = [];
    for (let round = 0; round < 50; round++) {
      await t.round(new Date(now));
      const payout = await payoutOf(id);
      if (payout?.status !== "queued") break;
      seen.push(payout.message ?? "");
      expect((await redeemRow(t.db, id))?.status).toBe(3);
      now = payout.nextAttemptAt.getTime();
    }
    expect(seen[0]).toMatch(/^Tremendous unavailable \(HTTP 503\): retrying at \d{4}-/);
    expect((await details(id)).payout).toMatchObject({ status: "paid" });
    expect((await redeemRow(t.db, id))?.status).toBe(1);
    // Paid within one capped backoff (5 minutes) of the provider coming back.
    expect(now).toBeGreaterThanOrEqual(start + 5 * 60_000);
    expect(now).toBeLessThanOrEqual(start + 10 * 60_000);
    expect(seen.length).toBeGreaterThan(3);
    const created = t.fake.orderCalls(id).filter((call) => call.status === 201 || call.status === 200);
    expect(created).toHaveLength(1);
    expect(
      t.fake.orderCalls(id).every((call) => (call.body as { external_id: string }).external_id === id),
    ).toBe(true);
  });

  it("a 429 waits as long as Retry-After says", async () => {
    t.fake.failNext(429, 1, "600");
    const { id } = await queued();
    const now = new Date();
    await t.round(now);
    const payout = await payoutOf(id);
    expect(payout?.status).toBe("queued");
    expect(payout?.message).toMatch(/^Tremendous unavailable \(HTTP 429\): retrying at/);
    expect(payout?.nextAttemptAt.getTime()).toBe(now.getTime() + 600_000);
    await t.round(new Date(now.getTime() + 600_000));
    expect((await redeemRow(t.db, id))?.status).toBe(1);
  });

  it("gives up after a day of tries: failed, the redeem Pending again, points untouched", async () => {
    const { id, userId } = await queued();
    const later = Date.now() + 25 * 3_600_000;
    t.fake.clock = () => later;
    t.fake.downUntil(later + 1);
    await t.round(new Date(later));
    expect((await payoutOf(id))?.message).toMatch(/gave up after 24 hours/);
    expect((await redeemRow(t.db, id))?.status).toBe(0);
    expect(await balanceOf(userId)).toBe(900);
  });

  it("a 401 from Tremendous fails the payout with its message; the redeem is Pending, points untouched", async () => {
    t.fake.failNext(401, 1);
    const { id, userId } = await queued();
    await t.round();
    expect(await payoutOf(id)).toMatchObject({
      status: "failed",
      message: "Tremendous refused (HTTP 401): failing on purpose",
    });
    expect((await redeemRow(t.db, id))?.status).toBe(0);
    expect(await balanceOf(userId)).toBe(900);
    // Paid again: a new payout, the same external_id, one order in the end.
    expect((await pay(id)).statusCode).toBe(200);
    await t.round();
    expect((await redeemRow(t.db, id))?.status).toBe(1);
    expect(t.fake.orderCalls(id).filter((call) => call.status === 201)).toHaveLength(1);
  });

  it("a repeat of an order after a lost answer gets the same order (external_id), never a second one", async () => {
    t.fake.outcome = "pending";
    const { id } = await queued();
    await t.round();
    const first = await payoutOf(id);
    // As if the order's answer had been lost: the payout forgets the order id and orders again.
    await t.db
      .update(payouts)
      .set({ providerOrderId: null, nextAttemptAt: new Date(0) })
      .where(eq(payouts.id, first?.id ?? ""));
    t.fake.setStatus(first?.providerOrderId ?? "", "EXECUTED");
    await t.round();
    expect((await payoutOf(id))?.providerOrderId).toBe(first?.providerOrderId);
    expect((await redeemRow(t.db, id))?.status).toBe(1);
    expect(t.fake.orderCalls(id).map((call) => call.status)).toEqual([201, 200]);
  });

  it("every redeem was ordered at most once", () => {
    const created = t.fake.requests.filter((request) => request.method === "POST" && request.status === 201);
    const ids = created.map((request) => (request.body as { external_id: string }).external_id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("a Processing redeem belongs to its payout", () => {
  it("cancel, change status and pay answer 409 payoutInProgress and change nothing", async () => {
    t.fake.outcome = "pending";
    const { id, userId } = await queued();
    const cancel = await t.app.inject({ method: "PUT", url: `/api/redeem/${id}`, headers: t.a.headers });
    const status = await t.app.inject({
      method: "PUT",
      url: "/api/redeem/state/ids",
      headers: t.a.headers,
      payload: { ids: [id], status: 2 },
    });
    const again = await pay(id);
    for (const response of [cancel, status, again]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(messages.payoutInProgress);
    }
    expect((await redeemRow(t.db, id))?.status).toBe(3);
    expect(await balanceOf(userId)).toBe(900);
  });
});
