import { messages } from "@rewards/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActiveAdmin, goodPassword, login, registerOwner } from "../../../test/support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

const ownerEmail = "olive.owner@rewards.test";
const otherEmail = "alex.admin@rewards.test";
const windowSeconds = 60;

let t: TestApp;

// Low limits; each test comes from its own address so the per-IP counters do not mix.
beforeAll(async () => {
  t = await startTestApp({
    rateLimits: {
      loginFailuresPerAccountIp: { points: 3, durationSeconds: windowSeconds },
      loginFailuresPerAccount: { points: 100, durationSeconds: windowSeconds },
      loginPerIp: { points: 6, durationSeconds: windowSeconds },
      registerPerIp: { points: 2, durationSeconds: windowSeconds },
      recoverPerEmail: { points: 2, durationSeconds: windowSeconds },
      recoverPerIp: { points: 5, durationSeconds: windowSeconds },
    },
  });
  const ownerToken = await registerOwner(t.app, ownerEmail);
  await createActiveAdmin(t.app, ownerToken, otherEmail);
});
afterAll(() => t.close());

function expectTooMany(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    statusCode: 429,
    error: "Too Many Requests",
    code: "tooManyRequests",
    message: messages.tooManyRequests,
  });
  const retryAfter = Number(response.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const recover = (email: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/users/auth/recover", payload: { email }, remoteAddress });

describe("login failures per account and IP", () => {
  it("locks the account from that IP after 3 wrong passwords, even for the right one", async () => {
    const ip = "10.0.0.1";
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, ownerEmail, "wrong-password", ip)).statusCode).toBe(401);
    }
    expectTooMany(await login(t.app, ownerEmail, goodPassword, ip));
    // The lock is per account whatever its case…
    expectTooMany(await login(t.app, "OLIVE.OWNER@rewards.test", goodPassword, ip));
    // …and per IP: the owner still signs in from another one (the per-account limit is far higher).
    expect((await login(t.app, ownerEmail, goodPassword, "10.0.0.5")).statusCode).toBe(200);
    // Another account from the same IP still signs in.
    expect((await login(t.app, otherEmail, goodPassword, ip)).statusCode).toBe(200);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const ip = "10.0.0.2";
    for (let i = 0; i < 2; i++) {
      expect((await login(t.app, otherEmail, "wrong-password", ip)).statusCode).toBe(401);
    }
    expect((await login(t.app, otherEmail, goodPassword, ip)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await login(t.app, otherEmail, "wrong-password", ip)).statusCode).toBe(401);
    }
    expect((await login(t.app, otherEmail, goodPassword, ip)).statusCode).toBe(200);
  });
});

describe("login per IP", () => {
  it("refuses the 7th attempt from one address, and not another address", async () => {
    const ip = "10.0.0.3";
    for (let i = 0; i < 6; i++) {
      // Unknown addresses: only the per-IP counter can stop these.
      expect((await login(t.app, `stranger${i}@rewards.test`, "wrong-password", ip)).statusCode).toBe(401);
    }
    expectTooMany(await login(t.app, otherEmail, goodPassword, ip));
    expect((await login(t.app, otherEmail, goodPassword, "10.0.0.4")).statusCode).toBe(200);
  });
});

describe("register per IP", () => {
  it("refuses the 3rd registration from one address", async () => {
    const registerFrom = (username: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/users/register",
        remoteAddress,
        payload: { fullName: "New Person", username, password: goodPassword, confirmPassword: goodPassword },
      });
    expect((await registerFrom("new.one@rewards.test", "10.0.2.1")).statusCode).toBe(403);
    expect((await registerFrom("new.two@rewards.test", "10.0.2.1")).statusCode).toBe(403);
    expectTooMany(await registerFrom("new.three@rewards.test", "10.0.2.1"));
    expect((await registerFrom("new.three@rewards.test", "10.0.2.2")).statusCode).toBe(403);
  });
});

describe("recover per e-mail", () => {
  it("refuses the 3rd link for one address and sends no mail for it", async () => {
    const ip = "10.0.1.1";
    const before = t.mail.received.length;
    expect((await recover(otherEmail, ip)).statusCode).toBe(200);
    expect((await recover(otherEmail, ip)).statusCode).toBe(200);
    expectTooMany(await recover(otherEmail, ip));
    expect(t.mail.received.filter((mail) => mail.fields.to === otherEmail)).toHaveLength(2);
    // Another address from the same IP is still served.
    expect((await recover(ownerEmail, ip)).statusCode).toBe(200);
    expect(t.mail.received.length - before).toBe(3);
  });
});

describe("recover per IP", () => {
  it("refuses the 6th request from one address", async () => {
    const ip = "10.0.1.2";
    for (let i = 0; i < 5; i++) {
      expect((await recover(`stranger${i}@rewards.test`, ip)).statusCode).toBe(404);
    }
    expectTooMany(await recover("stranger9@rewards.test", ip));
    expect((await recover("stranger9@rewards.test", "10.0.1.3")).statusCode).toBe(404);
  });
});
