import { messages } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goodPassword, registerOwner } from "../support/auth-helpers.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// The per-IP limits (sign-in and recovery; their per-e-mail limits are in auth/rate-limits.test.ts)
// against a client that makes up X-Forwarded-For: without TRUST_PROXY the header changes nothing, so a
// new made-up address every time does not buy new attempts. Behind the proxy TRUST_PROXY names, the
// address the proxy appended is the client (test/security/proxy-spoofing.test.ts tries every control).
const limits = {
  loginPerIp: { points: 3, durationSeconds: 60 },
  loginFailuresPerAccountIp: { points: 100, durationSeconds: 60 },
  loginFailuresPerAccount: { points: 100, durationSeconds: 60 },
  recoverPerIp: { points: 3, durationSeconds: 60 },
  recoverPerEmail: { points: 100, durationSeconds: 60 },
};

const login = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/users/login",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    payload: { username: "owner@limits.test", password: goodPassword },
  });
const recover = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/users/auth/recover",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    payload: { email: "nobody@limits.test" },
  });

const attempts = [
  ["sign-in", login, 200],
  ["recovery", recover, 404],
] as const;

describe("without TRUST_PROXY", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ outbox: false, rateLimits: limits });
    await registerOwner(t.app, "owner@limits.test");
  });
  afterAll(() => t.close());

  it.each(attempts)(
    "%s counts the connection's address, whatever X-Forwarded-For says",
    async (_, attempt, allowed) => {
      for (let i = 1; i <= 3; i++) {
        expect((await attempt(t, "10.9.0.1", `203.0.113.${i}`)).statusCode).toBe(allowed);
      }
      const refused = await attempt(t, "10.9.0.1", "203.0.113.99");
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(messages.tooManyRequests);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      // Another real address is still served.
      expect((await attempt(t, "10.9.0.2")).statusCode).toBe(allowed);
    },
  );
});

describe("behind a trusted proxy (TRUST_PROXY=10.0.0.10)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ outbox: false, rateLimits: limits, env: { TRUST_PROXY: "10.0.0.10" } });
    await registerOwner(t.app, "owner@limits.test");
  });
  afterAll(() => t.close());

  it.each(attempts)(
    "%s counts each forwarded client on its own, all coming through one proxy",
    async (_, attempt, allowed) => {
      for (let i = 0; i < 3; i++) {
        expect((await attempt(t, "10.0.0.10", "198.51.100.7")).statusCode).toBe(allowed);
      }
      expect((await attempt(t, "10.0.0.10", "198.51.100.7")).statusCode).toBe(429);
      // What the client itself wrote to the left of the proxy's entry is not its address.
      expect((await attempt(t, "10.0.0.10", "203.0.113.5, 198.51.100.7")).statusCode).toBe(429);
      expect((await attempt(t, "10.0.0.10", "198.51.100.8")).statusCode).toBe(allowed);
    },
  );
});
