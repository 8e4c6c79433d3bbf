import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addMailConfig } from "../../../test/support/mail-config.ts";
import { type MailgunSink, startMailgunSink } from "../../../test/support/mailgun-sink.ts";
import { openTestDatabase } from "../../../test/support/test-database.ts";
import type { Database } from "../../db/client.ts";
import { admins, mailOutbox } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { backoffMs, claimDue, deliverOne, type OutboxWorker, startOutboxWorker } from "../../lib/outbox.ts";
import { deliverThroughTenantMailgun } from "./index.ts";

let database: Database;
let sink: MailgunSink;
let adminId: string;
const workers: OutboxWorker[] = [];
const log = pino({ level: "silent" });

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startMailgunSink();
  adminId = newId();
  await database.db.insert(admins).values({
    id: adminId,
    fullName: "Outbox Owner",
    username: "outbox@owner.test",
    passwordHash: "x",
    role: "owner",
    status: "active",
  });
  await addMailConfig(database.db, adminId);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});
afterAll(async () => {
  await sink.close();
  await database.close();
});

async function queue(to: string, overrides: Partial<typeof mailOutbox.$inferInsert> = {}) {
  const id = newId();
  await database.db.insert(mailOutbox).values({
    id,
    adminId,
    toAddress: to,
    subject: `Subject for ${to}`,
    html: "<p>Hello</p>",
    text: "Hello",
    ...overrides,
  });
  return id;
}

function worker(options: { maxAttempts?: number } = {}) {
  const started = startOutboxWorker({
    db: database.db,
    log,
    deliver: deliverThroughTenantMailgun(database.db, sink.baseUrl),
    pollMs: 20,
    baseBackoffMs: 10,
    ...options,
  });
  workers.push(started);
  return started;
}

const rowOf = async (id: string) =>
  (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe("the outbox worker", () => {
  it("delivers through Mailgun's API with the tenant's key, domain and the message's fields", async () => {
    const id = await queue("first@user.test");
    worker();
    const mail = await sink.waitFor("first@user.test");
    expect(mail).toMatchObject({ domain: "mg.tenant.test", apiKey: "key-tenant" });
    expect(mail.fields).toMatchObject({
      from: "rewards@tenant.test",
      to: "first@user.test",
      subject: "Subject for first@user.test",
      html: "<p>Hello</p>",
      text: "Hello",
    });
    await expect.poll(async () => (await rowOf(id))?.status).toBe("sent");
    const row = await rowOf(id);
    expect(row?.attempts).toBe(1);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.providerMessageId).toMatch(/@sink>$/);
  });

  it("tries again after a 500, then records the delivery", async () => {
    sink.failNext(500);
    const id = await queue("retry@user.test");
    worker();
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 5000 }).toBe("sent");
    expect((await rowOf(id))?.attempts).toBe(2);
    expect(sink.received.filter((mail) => mail.fields.to === "retry@user.test")).toHaveLength(1);
  });

  it("gives up after the last try and records why", async () => {
    sink.failNext(503, 3);
    const id = await queue("down@user.test");
    worker({ maxAttempts: 3 });
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 5000 }).toBe("failed");
    const row = await rowOf(id);
    expect(row?.attempts).toBe(3);
    expect(row?.lastError).toContain("Mailgun answered 503");
    expect(sink.received.filter((mail) => mail.fields.to === "down@user.test")).toHaveLength(0);
  });

  it("does not retry a refusal (4xx other than 429)", async () => {
    sink.failNext(400);
    const id = await queue("refused@user.test");
    worker();
    await expect.poll(async () => (await rowOf(id))?.status).toBe("failed");
    expect((await rowOf(id))?.attempts).toBe(1);
  });

  it("sends again a message whose claim lapsed (its process died mid-send)", async () => {
    const id = await queue("orphan@user.test", {
      status: "sending",
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1000),
    });
    worker();
    await sink.waitFor("orphan@user.test");
    await expect.poll(async () => (await rowOf(id))?.status).toBe("sent");
    expect((await rowOf(id))?.attempts).toBe(2);
  });

  it("leaves a message alone while another process holds a live claim", async () => {
    const id = await queue("claimed@user.test", {
      status: "sending",
      attempts: 1,
      lockedUntil: new Date(Date.now() + 60_000),
    });
    expect((await claimDue(database.db, 10, 60_000)).map((row) => row.id)).not.toContain(id);
  });

  it("never marks a delivered message failed when recording it fails: the claim stays, and lapses", async () => {
    const to = "recorded-late@user.test";
    const id = await queue(to);
    // The database refuses to record this message as sent (a failure after the send, as under load).
    await database.db.execute(
      sql.raw(`create function refuse_sent() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' and new.to_address = '${to}' then raise exception 'database unavailable'; end if;
        return new;
      end $$`),
    );
    await database.db.execute(
      sql.raw(
        "create trigger refuse_sent before update on mail_outbox for each row execute function refuse_sent()",
      ),
    );
    try {
      const [claimed] = (await claimDue(database.db, 50, 60_000)).filter((row) => row.id === id);
      if (!claimed) throw new Error("the message was not claimed");
      const options = {
        db: database.db,
        log,
        deliver: deliverThroughTenantMailgun(database.db, sink.baseUrl),
        pollMs: 20,
        batchSize: 10,
        maxAttempts: 6,
        claimMs: 60_000,
        baseBackoffMs: 10,
      };
      await expect(deliverOne(options, claimed)).rejects.toThrow(/update "mail_outbox"/);
      await sink.waitFor(to);
      const row = await rowOf(id);
      expect(row?.status).toBe("sending");
      expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await database.db.execute(sql.raw("drop trigger refuse_sent on mail_outbox"));
      await database.db.execute(sql.raw("drop function refuse_sent()"));
    }
  });

  it("tries again after an error that is not the provider's answer", async () => {
    const id = await queue("flaky@user.test");
    let calls = 0;
    const deliverThroughMailgun = deliverThroughTenantMailgun(database.db, sink.baseUrl);
    const started = startOutboxWorker({
      db: database.db,
      log,
      // The first try fails before reaching Mailgun (say, reading the tenant's settings timed out).
      deliver: async (message) => {
        calls++;
        if (calls === 1) throw new Error("connection terminated unexpectedly");
        return deliverThroughMailgun(message);
      },
      pollMs: 20,
      baseBackoffMs: 10,
    });
    workers.push(started);
    await expect.poll(async () => (await rowOf(id))?.status, { timeout: 5000 }).toBe("sent");
    expect((await rowOf(id))?.attempts).toBe(2);
  });

  it("sends each message once while two workers race for them", async () => {
    const recipients = Array.from({ length: 20 }, (_, i) => `race${i}@user.test`);
    for (const to of recipients) await queue(to);
    worker();
    worker();
    for (const to of recipients) await sink.waitFor(to);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const to of recipients) {
      expect(sink.received.filter((mail) => mail.fields.to === to)).toHaveLength(1);
    }
  });
});

it("backs off exponentially, capped at an hour", () => {
  expect([1, 2, 3, 4].map((attempts) => backoffMs(attempts, 1000))).toEqual([1000, 2000, 4000, 8000]);
  expect(backoffMs(40, 1000)).toBe(3_600_000);
});
