import { type AppMe, messages } from "@rewards/contract";
import argon2 from "argon2";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { appUsers } from "../../src/db/schema/index.ts";
import { type OpenApiDocument, operationsOf } from "../hardening/support/openapi-operations.ts";
import { appCall, appKeyOf, signUpOk } from "../support/app-api.ts";
import { goodPassword } from "../support/auth-helpers.ts";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { openTestDatabase } from "../support/test-database.ts";

// Two "processes" (two buildApp) on one database, as behind a load balancer. Each test signs up its own
// user and uses its own IPs, so the counters of one test do not touch another's.
const roomy = { points: 10_000, durationSeconds: 3600 };
const limits = {
  appSignUpPerIp: roomy,
  appSignUpPerDevice: roomy,
  appSignInPerIp: roomy,
  appSignInPerDevice: roomy,
  appSignInFailuresPerAccountIp: { points: 5, durationSeconds: 600, backoffMaxSeconds: 3600 },
  appSignInFailuresPerAccount: { points: 8, durationSeconds: 3600 },
};

let database: Database;
let one: TestApp;
let two: TestApp;
let a: Tenant;
let b: Tenant;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  database = await openTestDatabase();
  one = await startTestApp({ database, rateLimits: limits, outbox: false });
  two = await startTestApp({ database, rateLimits: limits, outbox: false });
  ({ a, b } = await twoTenants(one.app));
  [keyA, keyB] = [await appKeyOf(database.db, a.id), await appKeyOf(database.db, b.id)];
});
afterAll(async () => {
  await one.close();
  await two.close();
  await database.close();
});

/** A sign-in as an attacker sends it: no device record, so no device id to count. */
const signIn = (t: TestApp, email: string, password: string, ip: string, key = keyA) =>
  appCall(t.app, { method: "POST", url: "/auth/sign-in", key, ip, payload: { email, password } });
const wrong = "Wrong-Password-123";
const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

function expectTooMany(response: LightMyRequestResponse, maxWaitSeconds: number) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().message).toBe(messages.tooManyRequests);
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
}

describe("hole 5: app sign-in is limited per account and per IP, in every process", () => {
  it("an attacker rotating IPs, without a device id, is stopped per account", async () => {
    const email = "rotated@example.com";
    await signUpOk(one.app, keyA, email);
    const answers = [];
    for (let i = 1; i <= 8; i++) {
      answers.push(await signIn(i % 2 ? one : two, email, wrong, `198.51.100.${i}`));
    }
    expect(statuses(answers)).toEqual(Array(8).fill(401));
    expectTooMany(await signIn(one, email, wrong, "198.51.100.9"), 3600);
    expectTooMany(await signIn(two, email, goodPassword, "198.51.100.10"), 3600);
    // The same e-mail in another tenant's app is another account.
    await signUpOk(one.app, keyB, email);
    expect((await signIn(two, email, goodPassword, "198.51.100.9", keyB)).statusCode).toBe(200);
  });

  it("an attacker's IP burning guesses does not lock the user out of their own IP", async () => {
    const email = "targeted@example.com";
    await signUpOk(one.app, keyA, email);
    const attacker = "203.0.113.66";
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await signIn(i % 2 ? one : two, email, wrong, attacker));
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expectTooMany(await signIn(one, email, goodPassword, attacker), 3600);
    expect((await signIn(one, email, goodPassword, "192.0.2.44")).statusCode).toBe(200);
    expect((await signIn(two, email, goodPassword, "192.0.2.44")).statusCode).toBe(200);
  });

  it("the counts are shared by two processes and survive a restart", async () => {
    const email = "restarted@example.com";
    await signUpOk(one.app, keyA, email);
    const ip = "203.0.113.5";
    for (const t of [one, two, one, two, one]) {
      expect((await signIn(t, email, wrong, ip)).statusCode).toBe(401);
    }
    expectTooMany(await signIn(two, email, goodPassword, ip), 600);
    const restarted = await startTestApp({ database, rateLimits: limits, outbox: false });
    try {
      expectTooMany(await signIn(restarted, email, goodPassword, ip), 1200);
    } finally {
      await restarted.close();
    }
  });

  it("20 concurrent wrong guesses against a limit of 5: at most 5 passwords are checked", async () => {
    const email = "burst@example.com";
    await signUpOk(one.app, keyA, email);
    const ip = "203.0.113.20";
    // argon2's verify still runs; the spy only counts how many passwords were really checked.
    const verify = vi.spyOn(argon2, "verify");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(i % 2 ? one : two, email, `${wrong}-${i}`, ip)),
    );
    const passwordsChecked = verify.mock.calls.length;
    verify.mockRestore();
    expect(passwordsChecked).toBe(5);
    expect(statuses(answers).sort()).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
  }, 120_000);

  it("backoff: each attempt past the limit doubles the wait, up to the cap", async () => {
    const email = "hammer@example.com";
    await signUpOk(one.app, keyA, email);
    const ip = "203.0.113.30";
    for (let i = 0; i < 5; i++) expect((await signIn(one, email, wrong, ip)).statusCode).toBe(401);
    const waits = [];
    for (let i = 0; i < 4; i++) {
      const refused = await signIn(two, email, wrong, ip);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers["retry-after"]));
    }
    // 10 min, then 20 and 40 min from now, then the 1 h cap (a little slack for the clock).
    const expected = [600, 1200, 2400, 3600];
    waits.forEach((wait, i) => {
      expect(wait).toBeLessThanOrEqual(expected[i] as number);
      expect(wait).toBeGreaterThanOrEqual((expected[i] as number) - 2);
    });
  });

  it("a right password does not count against the account", async () => {
    const email = "regular@example.com";
    await signUpOk(one.app, keyA, email);
    for (let i = 0; i < 10; i++) {
      expect((await signIn(i % 2 ? one : two, email, goodPassword, "192.0.2.80")).statusCode).toBe(200);
    }
  });
});

describe("hole 5: an app user's e-mail cannot be changed through the app API", () => {
  it("no /app/v1 call that writes changes the signed-in user's e-mail", async () => {
    const email = "keeps.email@example.com";
    const { user } = await signUpOk(one.app, keyA, email);
    const document = one.app.swagger() as unknown as OpenApiDocument;
    const writes = operationsOf(document).filter(
      (operation) => operation.route.startsWith("/app/v1/") && operation.method !== "GET",
    );
    expect(writes.length).toBeGreaterThan(2);
    const change = {
      email: "attacker@example.com",
      username: "attacker@example.com",
      password: goodPassword,
    };
    for (const operation of writes) {
      // Signed in afresh each time: a sign-out among the calls would end the session.
      const session = await signIn(one, email, goodPassword, "192.0.2.90");
      expect(session.statusCode).toBe(200);
      await one.app.inject({
        method: operation.method as "POST",
        url: operation.route.replace(/:\w+/g, user._id),
        headers: { "x-app-key": keyA, authorization: `Bearer ${session.json().accessToken}` },
        payload: change,
        remoteAddress: "192.0.2.90",
      });
    }
    const [row] = await database.db
      .select({ email: appUsers.username })
      .from(appUsers)
      .where(and(eq(appUsers.adminId, a.id), eq(appUsers.id, user._id)));
    expect(row?.email).toBe(email);
    const me = await appCall(one.app, {
      url: "/me",
      key: keyA,
      token: (await signIn(one, email, goodPassword, "192.0.2.90")).json().accessToken,
    });
    expect(me.json<AppMe>().email).toBe(email);
  });
});
