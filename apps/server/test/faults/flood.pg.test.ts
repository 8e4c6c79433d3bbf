import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openPostgres, type Tx } from "../../src/db/client.ts";
import { countries, redeems, rewardItems, rewards } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";
import { adjustPoints, debitRedeem } from "../../src/modules/ledger/index.ts";
import { appKeyOf, signUpBody } from "../support/app-api.ts";
import { goodPassword } from "../support/auth-helpers.ts";
import { type MailgunSink, startMailgunSink } from "../support/mailgun-sink.ts";
import { fillMacros, macroValues } from "../support/postback-signing.ts";
import { ledgerMismatches, offerTotalsMismatches } from "../support/tenants.ts";
import { startPostgres, type TestPostgres } from "./postgres-server.ts";
import { type ServerCluster, startServerCluster } from "./server-cluster.ts";

// Three server processes (WEB_CONCURRENCY=3) on one PostgreSQL, flooded with 3,000 postbacks (2,000
// transactions, 1,000 of them sent twice at the same instant) while 1,000 paid redeems queue their reward
// e-mails, and one process is killed midway. Every transaction credits once, every e-mail is delivered,
// and the ledger adds up.

const distinctTransactions = 2000;
const duplicated = 1000;
const mails = 1000;
const concurrency = 50;
const userCount = 20;
// A dead process's claims lapse after 12 × this: short, so the test need not wait long for them.
const outboundTimeoutMs = 2000;

let pgServer: TestPostgres;
let database: Database;
let sink: MailgunSink;
let cluster: ServerCluster;

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await pgServer.createDatabase("rewards_flood");
  database = await openPostgres(url);
  sink = await startMailgunSink();
  cluster = await startServerCluster({
    databaseUrl: url,
    processes: 3,
    env: {
      JWT_SECRET: "flood-secret-flood-secret-flood-secret-0123456789",
      MAILGUN_BASE_URL: sink.baseUrl,
      OUTBOUND_TIMEOUT_MS: String(outboundTimeoutMs),
    },
  });
}, 180_000);

afterAll(async () => {
  cluster?.kill();
  await sink?.close();
  await database?.close();
  await pgServer?.close();
});

async function call<T>(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${cluster.base}${path}`, {
    method,
    headers: {
      ...(body === undefined
        ? {}
        : { "content-type": typeof body === "string" ? "text/csv" : "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

/** The owner, their Mailgun config, AdGate with a secret (any sender address), app users and the catalog. */
async function seedThroughTheApi() {
  const { accessToken: token } = await call<{ accessToken: string }>("POST", "/api/users/register", {
    fullName: "Flood Owner",
    username: "owner@flood.test",
    password: goodPassword,
    confirmPassword: goodPassword,
  });
  const { _id: adminId } = await call<{ _id: string }>("GET", "/api/profile/me", undefined, token);
  const appKey = await appKeyOf(database.db, adminId);
  await call(
    "POST",
    "/api/setting/mailgun/",
    {
      mailgunDomain: "mg.flood.test",
      apiKey: "key-flood",
      fromEmail: "rewards@flood.test",
      supportEmail: "help@flood.test",
    },
    token,
  );
  const secret = "flood-postback-secret-0123456789";
  await call(
    "POST",
    "/api/network/",
    {
      network: "adgateow",
      appId: "app-1",
      appToken: "api-token",
      postbackSecret: secret,
      postbackSecretAndroid: secret,
      provision: 0.5,
      iosEnable: 1,
      androidEnable: 1,
      allowedIps: [],
    },
    token,
  );
  const { postbackUrl } = await call<{ postbackUrl: string | null }>(
    "GET",
    `/api/network/adgateow/${adminId}`,
    undefined,
    token,
  );
  if (!postbackUrl) throw new Error("no postback URL");
  const users: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const response = await fetch(`${cluster.base}/app/v1/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-app-key": appKey },
      body: JSON.stringify(signUpBody(`member${i}@flood.test`)),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    users.push(((await response.json()) as { user: { _id: string } }).user._id);
  }
  return { token, adminId, postbackUrl, secret, users };
}

/**
 * `mails` Pending redeems of an inventory item with as many codes (imported through the API). The redeems
 * are written through the ledger's own functions (an adjustment credits each user, each redeem debits its
 * cost, one transaction per user): the app's redeem endpoint would add a thousand calls to the set-up
 * without being what this test is about. Paying them is a real API call.
 */
async function pendingRedeems(adminId: string, token: string, users: string[]) {
  const countryId = newId();
  const rewardId = newId();
  const itemId = newId();
  await database.db
    .insert(countries)
    .values({ id: countryId, adminId, fullName: "US", code: "US", priority: 1 });
  await database.db.insert(rewards).values({ id: rewardId, adminId, countryId, name: "Gift card", order: 1 });
  await database.db
    .insert(rewardItems)
    .values({ id: itemId, adminId, rewardId, cost: "$1", points: 100, fulfilment: "inventory" });
  const codes = Array.from({ length: mails }, (_, i) => `FLOOD-${i}`);
  const imported = await call<{ added: number }>(
    "POST",
    `/api/payouts/items/${itemId}/codes`,
    `code\n${codes.join("\n")}\n`,
    token,
  );
  expect(imported.added).toBe(mails);
  const ids: string[] = [];
  const perUser = mails / users.length;
  for (const [index, userId] of users.entries()) {
    await database.db.transaction(async (tx: Tx) => {
      await adjustPoints(tx, {
        adminId,
        userId,
        currentPoints: 0,
        delta: perUser * 100,
        reason: "flood test",
        actorAdminId: adminId,
      });
      for (let n = 0; n < perUser; n++) {
        const id = newId();
        await tx.insert(redeems).values({
          id,
          adminId,
          userId,
          redeemEmail: `reader${index}-${n}@flood.test`,
          rewardName: "Gift card",
          rewardAmount: "$1",
          rewardCost: 100,
          rewardItemId: itemId,
          status: 0,
        });
        await debitRedeem(tx, { adminId, userId, redeemId: id, points: 100 });
        ids.push(id);
      }
    });
  }
  return ids;
}

type Counters = { answered: number; retried: number; failedAttempts: number };

/** Sends a postback until the server answers it (a network retries too); fails on a refusal. */
async function sendPostback(url: string, counters: Counters) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, { signal: AbortSignal.timeout(15_000) }).catch(() => null);
    if (response?.status === 200) {
      expect(await response.text()).toBe("1");
      counters.answered++;
      return;
    }
    if (response && response.status < 500)
      throw new Error(`postback answered ${response.status}: ${await response.text()}`);
    counters.failedAttempts++;
    if (attempt === 0) counters.retried++;
    if (attempt > 40) throw new Error(`postback not answered after ${attempt} attempts: ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function scalar(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

it("credits every transaction once and delivers every e-mail through a flood and a killed process", async () => {
  const started = performance.now();
  const seed = await seedThroughTheApi();
  const redeemIds = await pendingRedeems(seed.adminId, seed.token, seed.users);
  const seededMs = performance.now() - started;

  const details = { ip: "203.0.113.7", offerNames: { adgateow: "Flood offer", adgemow: "", others: "" } };
  const urlOf = (tx: string, user: string) =>
    fillMacros(seed.postbackUrl, macroValues("adgateow", { user, tx, payout: "1.5" }, seed.secret, details));
  // Each unit: one transaction, sent once, or twice at the same instant (two connections at once).
  const units = Array.from({ length: distinctTransactions }, (_, i) => ({
    url: urlOf(`flood-${i}`, seed.users[i % userCount] as string),
    copies: i % 2 === 0 && i / 2 < duplicated ? 2 : 1,
  }));
  expect(units.reduce((sum, unit) => sum + unit.copies, 0)).toBe(distinctTransactions + duplicated);

  const floodStarted = performance.now();
  // 1,000 reward e-mails queued at once: one "Pay selected" of every redeem, paid by the processes' workers.
  const job = await call<{ jobId: string }>("POST", "/api/redeem/pay/ids", { ids: redeemIds }, seed.token);
  const counters: Counters = { answered: 0, retried: 0, failedAttempts: 0 };
  let killed: number | undefined;
  let next = 0;
  const lanes = Array.from({ length: concurrency / 2 }, async () => {
    for (;;) {
      const unit = units[next++];
      if (!unit) return;
      await Promise.all(Array.from({ length: unit.copies }, () => sendPostback(unit.url, counters)));
      if (killed === undefined && counters.answered >= 1000) {
        // Midway: one server process dies at once, with whatever it had in flight.
        killed = cluster.workers()[0];
        if (killed) process.kill(killed, "SIGKILL");
      }
    }
  });
  await Promise.all(lanes);
  const floodMs = performance.now() - floodStarted;
  console.info(
    `flood: postbacks answered after ${Math.round(floodMs)} ms (set-up ${Math.round(seededMs)} ms)`,
  );
  expect(killed).toBeTypeOf("number");
  expect(counters.answered).toBe(distinctTransactions + duplicated);

  // The payouts and the outbox drain: nothing left queued, processing, sending or claimed.
  await expect
    .poll(
      () =>
        scalar(sql`select (select count(*) from payouts where status in ('queued', 'processing')
            or locked_until is not null)
          + (select count(*) from mail_outbox where status in ('queued', 'sending')
            or locked_until is not null) as n`),
      { timeout: 24 * outboundTimeoutMs + 60_000, interval: 250 },
    )
    .toBe(0);
  const drainedMs = performance.now() - floodStarted;
  const progress = await call<{ done: number; failed: number; finishedAt: string | null }>(
    "GET",
    `/api/payouts/jobs/${job.jobId}`,
    undefined,
    seed.token,
  );

  // Every transaction credited once: one completed offer and one ledger credit each; duplicates nothing.
  const adminId = seed.adminId;
  expect(
    await scalar(
      sql`select count(*) as n from completed_offers where admin_id = ${adminId} and status = 'credited'`,
    ),
  ).toBe(distinctTransactions);
  expect(
    await scalar(sql`select count(distinct transaction_id) as n from completed_offers
      where admin_id = ${adminId} and transaction_id like 'flood-%'`),
  ).toBe(distinctTransactions);
  expect(
    await scalar(sql`select count(*) as n from points_ledger l join completed_offers o on o.id = l.reference_id
      where l.admin_id = ${adminId} and l.reason = 'offer'`),
  ).toBe(distinctTransactions);
  expect(
    await scalar(
      sql`select count(*) as n from points_ledger where admin_id = ${adminId} and reason = 'offer'`,
    ),
  ).toBe(distinctTransactions);
  // The ledger invariant: each balance is the sum of its rows, and the app's totals the sum of its users'.
  expect(await ledgerMismatches(database.db)).toEqual([]);
  expect(
    await scalar(sql`select (select coalesce(sum(available_points), 0) from balance_totals where admin_id = ${adminId})
      - (select coalesce(sum(points), 0) from app_users where admin_id = ${adminId}) as n`),
  ).toBe(0);
  expect(
    await scalar(sql`select (select coalesce(sum(pending_points), 0) from balance_totals where admin_id = ${adminId})
      - (select coalesce(sum(pending_points), 0) from app_users where admin_id = ${adminId}) as n`),
  ).toBe(0);
  // Each user's offer totals (what the hold rules read), kept at commit by three processes at once, equal
  // a sum over their offers.
  expect(await offerTotalsMismatches(database.db, adminId)).toEqual([]);
  expect(
    await scalar(
      sql`select coalesce(sum(credited_usd), 0) as n from user_offer_totals where admin_id = ${adminId}`,
    ),
  ).toBeGreaterThan(0);

  // Every redeem paid once, each with its own code, and every e-mail sent and received.
  expect(progress.done).toBe(mails);
  expect(progress.failed).toBe(0);
  expect(
    await scalar(sql`select count(*) as n from redeems where admin_id = ${adminId} and status = 1`),
  ).toBe(mails);
  expect(
    await scalar(sql`select count(distinct redeem_id) as n from reward_codes where admin_id = ${adminId}
      and used_at is not null`),
  ).toBe(mails);
  const outbox = (await database.db.execute(
    sql`select id, status, attempts, last_error from mail_outbox`,
  )) as unknown as { rows: { id: string; status: string; attempts: number; last_error: string | null }[] };
  expect(outbox.rows).toHaveLength(mails);
  expect(outbox.rows.filter((row) => row.status !== "sent")).toEqual([]);
  const deliveries = new Map<string, number>();
  for (const mail of sink.received) {
    const id = mail.fields["v:outbox_id"] ?? "";
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
  }
  expect(outbox.rows.filter((row) => !deliveries.has(row.id))).toEqual([]);
  expect([...deliveries.keys()].filter((id) => !outbox.rows.some((row) => row.id === id))).toEqual([]);
  // Delivery is at least once: only a message the killed process was sending at the instant it died
  // (Mailgun took it, the process never recorded it) may arrive twice, after its claim lapsed.
  const twice = outbox.rows.filter((row) => (deliveries.get(row.id) ?? 0) > 1);
  expect(twice.every((row) => row.attempts >= 2 && (deliveries.get(row.id) ?? 0) === 2)).toBe(true);
  expect(twice.length).toBeLessThanOrEqual(10);
  const recipients = new Set(sink.received.map((mail) => mail.fields.to));
  expect(recipients.size).toBe(mails);

  console.info(
    `flood: set-up ${Math.round(seededMs)} ms; ${distinctTransactions + duplicated} postbacks in ` +
      `${Math.round(floodMs)} ms (${counters.retried} retried after the kill of ${killed}, ` +
      `${counters.failedAttempts} failed attempts); payouts and ${mails} e-mails drained ` +
      `${Math.round(drainedMs)} ms after the flood began; ${twice.length} e-mails delivered twice; ` +
      `total ${Math.round(performance.now() - started)} ms`,
  );
}, 400_000);
