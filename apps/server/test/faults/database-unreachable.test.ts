import { messages } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { type Database, openPostgres, serverStatementLimits } from "../../src/db/client.ts";
import { createAccessTokens } from "../../src/lib/access-tokens.ts";
import { goodPassword } from "../support/auth-helpers.ts";
import { freePort } from "./postgres-server.ts";

// The server pointed at a PostgreSQL address where nothing listens (the database is down): every call
// that needs the database answers 503 with a message and Retry-After, at once, never a bare 500 or a
// hang. The restart under load, on a real PostgreSQL, is postgres-restart.pg.test.ts (CI).
let database: Database;
let app: FastifyInstance;
const secret = "unreachable-secret-unreachable-secret-0123456789";

beforeAll(async () => {
  const url = `postgres://postgres@127.0.0.1:${await freePort()}/rewards`;
  database = await openPostgres(url, serverStatementLimits);
  app = await buildApp({
    db: database.db,
    config: loadConfig({ DATABASE_URL: url, PUBLIC_URL: "http://rewards.test" }),
    jwtSecret: secret,
    outbox: { pollMs: 100 },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it("answers /readyz 503, saying the database is unreachable, while /healthz says the process lives", async () => {
  const response = await app.inject({ method: "GET", url: "/readyz" });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({
    statusCode: 503,
    error: "Service Unavailable",
    code: "databaseUnavailable",
  });
  expect(response.json().message).toMatch(/database/i);
  const live = await app.inject({ method: "GET", url: "/healthz" });
  expect(live.statusCode).toBe(200);
});

it.each([
  [
    "sign-in",
    "POST",
    "/api/users/login",
    { username: "someone@rewards.test", password: goodPassword },
    false,
  ],
  ["a guarded read", "GET", "/api/profile/me", undefined, true],
  ["a list", "POST", "/api/users", { queryParams: {} }, true],
] as const)(
  "answers %s with 503, a message and Retry-After, quickly",
  async (_, method, url, payload, signedIn) => {
    const token = await createAccessTokens(secret, 3600).sign({
      adminId: "01900000-0000-7000-8000-000000000001",
      tokenVersion: 0,
      sessionId: "01900000-0000-7000-8000-000000000002",
    });
    const started = Date.now();
    const response = await app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      ...(signedIn ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({
      statusCode: 503,
      error: "Service Unavailable",
      code: "databaseUnavailable",
      message: messages.databaseUnavailable,
    });
    expect(response.headers["retry-after"]).toBe("5");
  },
);
