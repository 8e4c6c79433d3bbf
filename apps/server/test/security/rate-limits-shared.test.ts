import { messages } from "@rewards/contract";
import argon2 from "argon2";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { rateLimitCounters } from "../../src/db/schema/index.ts";
import { createGuards, defaultRateLimits, type RateLimits } from "../../src/lib/rate-limit.ts";
import { goodPassword, login, register, registerOwner } from "../support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { openTestDatabase } from "../support/test-database.ts";

// Two "processes" (two buildApp) on one database, as behind a load balancer; each test uses its own IPs.
const ownerEmail = "olive.owner@limits.test";
const secondEmail = "sam.second@limits.test";
const roomy = { points: 10_000, durationSeconds: 3600 };
const limits: Partial<RateLimits> = {
  loginPerIp: roomy,
  loginFailuresPerAccountIp: { points: 5, durationSeconds: 600, backoffMaxSeconds: 3600 },
  loginFailuresPerAccount: { points: 40, durationSeconds: 3600 },
};

let database: Database;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  one = await startTestApp({ database, rateLimits: limits, outbox: false });
  two = await startTestApp({ database, rateLimits: limits, outbox: false });
  await registerOwner(one.app, ownerEmail);
  // A later registration waits for approval (403), but the account exists.
  expect((await register(one.app, secondEmail)).statusCode).toBe(403);
});
afterAll(async () => {
  await one.close();
  await two.close();
  await database.close();
});

function expectTooMany(response: LightMyRequestResponse, maxWaitSeconds = 600) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().message).toBe(messages.tooManyRequests);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

describe("hole 8: admin sign-in limits are in the database, per (account, IP) and per account", () => {
  it("are shared by two server processes on one database", async () => {
    const ip = "203.0.113.1";
    // Five wrong guesses spread over both processes use up the one allowance.
    for (const t of [one, two, one, two, one]) {
      expect((await login(t.app, ownerEmail, "wrong-password", ip)).statusCode).toBe(401);
    }
    expectTooMany(await login(two.app, ownerEmail, goodPassword, ip));
    // (The second attempt past the limit doubles the wait: see the backoff test.)
    expectTooMany(await login(one.app, ownerEmail, goodPassword, ip), 1200);
  });

  it("survive a restart (a new server on the same database)", async () => {
    const ip = "203.0.113.2";
    for (let i = 0; i < 5; i++) {
      expect((await login(one.app, ownerEmail, "wrong-password", ip)).statusCode).toBe(401);
    }
    const restarted = await startTestApp({ database, rateLimits: limits, outbox: false });
    try {
      expectTooMany(await login(restarted.app, ownerEmail, goodPassword, ip));
    } finally {
      await restarted.close();
    }
  });

  it("an attacker's IP burning guesses does not lock the owner out of their own IP", async () => {
    const attacker = "198.51.100.66";
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await login(one.app, ownerEmail, "wrong-password", attacker));
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    // The attacker stays locked out, even with the right password…
    expectTooMany(await login(two.app, ownerEmail, goodPassword, attacker), 3600);
    // …and the owner, from their own address, signs in on either process.
    expect((await login(one.app, ownerEmail, goodPassword, "192.0.2.10")).statusCode).toBe(200);
    expect((await login(two.app, ownerEmail, goodPassword, "192.0.2.10")).statusCode).toBe(200);
  });

  it("20 concurrent wrong guesses against a limit of 5: at most 5 passwords are checked", async () => {
    // Another administrator's account, and one process: counting must be atomic even there.
    const ip = "203.0.113.20";
    // argon2's verify still runs; the spy only counts how many passwords were really checked.
    const verify = vi.spyOn(argon2, "verify");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(one.app, secondEmail, `wrong-password-${i}`, ip)),
    );
    const passwordsChecked = verify.mock.calls.length;
    verify.mockRestore();
    expect(passwordsChecked).toBe(5);
    expect(statuses(answers).sort()).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expectTooMany(await login(two.app, secondEmail, goodPassword, ip), 3600);
  }, 120_000);

  it("backoff: each attempt past the limit doubles the wait, up to the cap", async () => {
    const t = await startTestApp({
      database,
      outbox: false,
      rateLimits: {
        loginPerIp: roomy,
        loginFailuresPerAccountIp: { points: 2, durationSeconds: 60, backoffMaxSeconds: 300 },
        loginFailuresPerAccount: roomy,
      },
    });
    try {
      const ip = "203.0.113.30";
      for (let i = 0; i < 2; i++) {
        expect((await login(t.app, ownerEmail, "wrong-password", ip)).statusCode).toBe(401);
      }
      const waits = [];
      for (let i = 0; i < 5; i++) {
        const refused = await login(t.app, ownerEmail, "wrong-password", ip);
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers["retry-after"]));
      }
      // 60 s, then 2, 4 windows from now, then the 300 s cap (a second of slack for the clock).
      const expected = [60, 120, 240, 300, 300];
      waits.forEach((wait, i) => {
        expect(wait).toBeLessThanOrEqual(expected[i] as number);
        expect(wait).toBeGreaterThanOrEqual((expected[i] as number) - 2);
      });
    } finally {
      await t.close();
    }
  });
});

describe("hole 8: a slower per-account limit holds against guesses from many IPs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      outbox: false,
      rateLimits: {
        loginPerIp: roomy,
        loginFailuresPerAccountIp: { points: 3, durationSeconds: 600 },
        loginFailuresPerAccount: { points: 6, durationSeconds: 3600 },
      },
    });
    await registerOwner(t.app, ownerEmail);
  });
  afterAll(() => t.close());

  it("stops the 7th wrong guess for one account, whichever IP sends it; others are not affected", async () => {
    for (let i = 1; i <= 6; i++) {
      expect((await login(t.app, ownerEmail, "wrong-password", `198.51.100.${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(t.app, ownerEmail, "wrong-password", "198.51.100.7"), 3600);
    // Another account from the same IPs is still checked.
    expect(
      (await login(t.app, "someone.else@limits.test", "wrong-password", "198.51.100.1")).statusCode,
    ).toBe(401);
  });

  it("a right password is not counted against the account", async () => {
    const other = await startTestApp({
      outbox: false,
      rateLimits: { loginFailuresPerAccount: { points: 2, durationSeconds: 3600 } },
    });
    try {
      await registerOwner(other.app, ownerEmail);
      for (let i = 0; i < 5; i++) {
        expect((await login(other.app, ownerEmail, goodPassword, "192.0.2.1")).statusCode).toBe(200);
      }
    } finally {
      await other.close();
    }
  });
});

describe("counters in the table", () => {
  it("are deleted once expired, a bounded batch at a time", async () => {
    // A database of its own, so only this test's rows can be expired.
    const own = await openTestDatabase();
    const db = own.db;
    await db.execute(sql`
      insert into rate_limit_counters (key, hits, reset_at)
      select 'old:' || n, 3, now() - interval '1 minute' from generate_series(1, 1500) n`);
    // Once a minute; but a full batch means more are waiting, so the next hit sweeps again.
    const guards = createGuards(db, defaultRateLimits, { sweepEveryMs: 60_000 });
    await guards.registerPerIp.hit("192.0.2.99");
    const count = async (pattern: string) => {
      const rows = await db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} like ${pattern}`);
      return rows.length;
    };
    expect(await count("old:%")).toBe(500);
    await guards.registerPerIp.hit("192.0.2.99");
    expect(await count("old:%")).toBe(0);
    // Within the minute, after a batch that was not full, nothing is swept.
    await db.execute(sql`
      insert into rate_limit_counters (key, hits, reset_at) values ('old:late', 1, now() - interval '1 second')`);
    await guards.registerPerIp.hit("192.0.2.99");
    expect(await count("old:%")).toBe(1);
    // The live counter is kept, at 3 hits.
    const [live] = await db
      .select({ hits: rateLimitCounters.hits })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = 'registerPerIp:192.0.2.99'`);
    expect(live?.hits).toBe(3);
    await own.close();
  });
});
