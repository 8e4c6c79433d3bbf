import { messages, type RedeemDetails } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, redeems } from "../../src/db/schema/index.ts";
import { retryDelayMs } from "../../src/lib/outbox.ts";
import { retryAfterMs } from "../../src/lib/platform-mail.ts";
import { maskSecret } from "../../src/lib/secrets.ts";
import { seedDemoData } from "../../src/seed/demo-data.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import {
  breakGate,
  type FailureMode,
  type FaultGate,
  failureModes,
  healGate,
  reasonPattern,
  startFaultGate,
} from "./fault-gate.ts";

// Mailgun behind a fault gate, for every place the server calls it: the outbox (reward e-mails), the
// settings' test e-mail and password recovery. Each failure mode is a real HTTP behaviour.
const timeoutMs = 500;
const maxAttempts = 5;
/** The operator waits at most the time-out plus a margin for a slow machine. */
const answerBoundMs = timeoutMs + 2500;
const modes = Object.keys(failureModes) as FailureMode[];

let t: TestApp;
let gate: FaultGate;
let a: Tenant;
let pending: string[];

beforeAll(async () => {
  gate = await startFaultGate(() => t.mail.baseUrl);
  t = await startTestApp({
    env: {
      MAILGUN_BASE_URL: gate.baseUrl,
      PLATFORM_MAILGUN_BASE_URL: gate.baseUrl,
      OUTBOUND_TIMEOUT_MS: String(timeoutMs),
    },
    outbox: { pollMs: 50, baseBackoffMs: 50, maxAttempts },
    // This file asks for many recovery links; rate limits have their own tests.
    rateLimits: {
      recoverPerEmail: { points: 100, durationSeconds: 60 },
      recoverPerIp: { points: 100, durationSeconds: 60 },
    },
  });
  ({ a } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 30, offers: 800, redeems: 40, seed: 11 });
  const created = await t.app.inject({
    method: "POST",
    url: "/api/setting/mailgun/",
    headers: a.headers,
    payload: {
      mailgunDomain: "mg.faults.test",
      apiKey: "key-faults-0123",
      fromEmail: "rewards@faults.test",
      supportEmail: "help@faults.test",
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  // Sent and Pending both hold the redeem's points, so making the seeded Sent ones Pending keeps every
  // balance equal to its ledger and gives each test a redeem to pay.
  await t.db
    .update(redeems)
    .set({ status: 0 })
    .where(and(eq(redeems.adminId, a.id), eq(redeems.status, 1)));
  pending = (
    await t.db
      .select({ id: redeems.id })
      .from(redeems)
      .where(and(eq(redeems.adminId, a.id), eq(redeems.status, 0)))
  ).map((row) => row.id);
});
afterAll(async () => {
  await gate?.close();
  await t?.close();
});

/** Times one call, so each test can check the operator never waits past the time-out. */
async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await call();
  return { value, ms: Date.now() - started };
}

describe("reward e-mails through the outbox", () => {
  let next = 0;
  /** Pays the next pending redeem to `to`; answers the redeem id and its outbox row id. */
  async function pay(to: string) {
    const id = pending[next++];
    if (!id) throw new Error("no pending redeem left for this test");
    const { value: response, ms } = await timed(() =>
      t.app.inject({
        method: "PUT",
        url: `/api/redeem/sendReward/${id}`,
        headers: a.headers,
        payload: {
          code: `CODE-${next}`,
          rewardName: "Gift Card",
          redeemEmail: to,
          subject: "Your reward",
          text: "<p>Enjoy</p>",
        },
      }),
    );
    // Paying only queues: whatever Mailgun does, the operator gets the answer at once.
    expect(response.statusCode, response.body).toBe(200);
    expect(ms).toBeLessThan(answerBoundMs);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, id));
    if (!row) throw new Error("paying queued no e-mail");
    return { redeemId: id, outboxId: row.id, code: `CODE-${next}` };
  }
  const outboxRow = async (id: string) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const details = async (redeemId: string) =>
    (
      await t.app.inject({ method: "GET", url: `/api/redeem/${redeemId}`, headers: a.headers })
    ).json<RedeemDetails>();
  const mailsTo = (to: string) => t.mail.received.filter((mail) => mail.fields.to === to);
  /** The redeem's code in clear, as the owner's reveal answers it (answers show it masked). */
  const revealed = async (redeemId: string) =>
    (await t.app.inject({ method: "POST", url: `/api/redeem/${redeemId}/code`, headers: a.headers })).json<{
      code: string;
    }>().code;

  it.each(modes)("Mailgun %s: keeps trying with backoff, and delivers once it is back", async (mode) => {
    const to = `back-${mode}@user.test`;
    await breakGate(gate, mode);
    const { redeemId, outboxId, code } = await pay(to);
    // At least two failed tries, each recorded with its reason, and the message still queued.
    await expect
      .poll(async () => outboxRow(outboxId), { timeout: 10_000, interval: 25 })
      .toMatchObject({
        status: "queued",
        attempts: expect.any(Number),
        lastError: expect.stringMatching(reasonPattern[mode]),
      });
    await expect
      .poll(async () => (await outboxRow(outboxId))?.attempts, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    await healGate(gate);
    await expect.poll(async () => (await outboxRow(outboxId))?.status, { timeout: 10_000 }).toBe("sent");

    const row = await outboxRow(outboxId);
    expect(row?.attempts).toBeGreaterThanOrEqual(2);
    expect(row?.attempts).toBeLessThanOrEqual(maxAttempts);
    expect(row?.lastError).toBeNull();
    // Delivered exactly once, carrying its outbox id so a duplicate could be traced.
    expect(mailsTo(to)).toHaveLength(1);
    expect(mailsTo(to)[0]?.fields["v:outbox_id"]).toBe(outboxId);
    expect(mailsTo(to)[0]?.fields.html).toContain(code);
    // The redeem itself never changed: Sent, with its code, and the details show the delivery.
    expect(await details(redeemId)).toMatchObject({
      status: 1,
      code: maskSecret(code),
      delivery: { status: "sent" },
    });
    expect(await revealed(redeemId)).toBe(code);
  });

  it.each(modes)("Mailgun %s for good: gives up after the last try and records why", async (mode) => {
    const to = `never-${mode}@user.test`;
    await breakGate(gate, mode);
    try {
      const { redeemId, outboxId, code } = await pay(to);
      await expect.poll(async () => (await outboxRow(outboxId))?.status, { timeout: 15_000 }).toBe("failed");
      const row = await outboxRow(outboxId);
      expect(row?.attempts).toBe(maxAttempts);
      expect(row?.lastError).toMatch(reasonPattern[mode]);
      expect(mailsTo(to)).toHaveLength(0);
      expect(await details(redeemId)).toMatchObject({
        status: 1,
        code: maskSecret(code),
        delivery: {
          status: "failed",
          attempts: maxAttempts,
          lastError: expect.stringMatching(reasonPattern[mode]),
        },
      });
      expect(await revealed(redeemId)).toBe(code);
    } finally {
      await healGate(gate);
    }
  });

  it("waits as long as a 429's Retry-After asks before the next try", async () => {
    const to = "patient@user.test";
    gate.failNext({ status: 429, headers: { "retry-after": "1" } });
    const since = gate.seen.length;
    const { outboxId } = await pay(to);
    await expect.poll(async () => (await outboxRow(outboxId))?.status, { timeout: 10_000 }).toBe("sent");
    const [refused, passed] = gate.seen.slice(since);
    expect(refused?.outcome).toBe(429);
    expect(passed?.outcome).toBe("passed");
    // The backoff alone would have been 50 ms.
    expect((passed?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it("keeps every balance equal to its ledger through all of it", async () => {
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("the wait before a retry", () => {
  it("is the backoff, or a provider's longer Retry-After, capped at an hour", () => {
    expect(retryDelayMs(3, 1000, undefined)).toBe(4000);
    expect(retryDelayMs(3, 1000, 500)).toBe(4000);
    expect(retryDelayMs(1, 1000, 30_000)).toBe(30_000);
    expect(retryDelayMs(1, 1000, 86_400_000)).toBe(3_600_000);
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("120", now)).toBe(120_000);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe("the settings' test e-mail", () => {
  const sendTest = (to: string) =>
    timed(() =>
      t.app.inject({ method: "POST", url: "/api/setting/mailgun/test", headers: a.headers, payload: { to } }),
    );

  it.each(modes)(
    "Mailgun %s: answers 502 with the reason within the time-out, then works again",
    async (mode) => {
      await breakGate(gate, mode);
      try {
        const { value: response, ms } = await sendTest(`test-${mode}@ops.test`);
        expect(ms).toBeLessThan(answerBoundMs);
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({ statusCode: 502, error: "Bad Gateway" });
        expect(response.json().message).toMatch(/^Mailgun did not accept the message: /);
        expect(response.json().message).toMatch(reasonPattern[mode]);
      } finally {
        await healGate(gate);
      }
      const { value: again } = await sendTest(`test-${mode}@ops.test`);
      expect(again.statusCode, again.body).toBe(200);
      expect(t.mail.received.filter((mail) => mail.fields.to === `test-${mode}@ops.test`)).toHaveLength(1);
      // The saved config is as it was.
      const saved = await t.app.inject({
        method: "GET",
        url: `/api/setting/mailgun/${a.id}`,
        headers: a.headers,
      });
      expect(saved.json()).toMatchObject({ mailgunDomain: "mg.faults.test", apiKey: "••••0123" });
    },
  );
});

describe("password recovery mail", () => {
  const recover = () =>
    timed(() =>
      t.app.inject({
        method: "POST",
        url: "/api/users/auth/recover",
        payload: { email: "owner@tenant-a.test" },
      }),
    );

  it.each(modes)(
    "Mailgun %s: answers 503 with a message within the time-out, then works again",
    async (mode) => {
      await breakGate(gate, mode);
      try {
        const { value: response, ms } = await recover();
        expect(ms).toBeLessThan(answerBoundMs);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          statusCode: 503,
          error: "Service Unavailable",
          code: "recoverMailFailed",
          message: messages.recoverMailFailed,
        });
      } finally {
        await healGate(gate);
      }
      const before = t.mail.received.length;
      const { value: again } = await recover();
      expect(again.statusCode, again.body).toBe(200);
      expect(t.mail.received.slice(before).map((mail) => mail.fields.to)).toEqual(["owner@tenant-a.test"]);
    },
  );
});
