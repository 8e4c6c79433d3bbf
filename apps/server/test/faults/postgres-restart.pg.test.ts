import { messages } from "@rewards/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { type Database, openPostgres, serverStatementLimits } from "../../src/db/client.ts";
import { seedDemoData } from "../../src/seed/demo-data.ts";
import { goodPassword } from "../support/auth-helpers.ts";
import { ledgerMismatches } from "../support/tenants.ts";
import { startPostgres, type TestPostgres } from "./postgres-server.ts";

// The server on a real PostgreSQL, under a steady load of reads and points-moving writes, while
// PostgreSQL is restarted: it must answer 503 with a message (quickly, never hang, never 500) while the
// database is away, and 200 again afterwards without being restarted itself.
let pgServer: TestPostgres;
let database: Database;
let app: FastifyInstance;
let base: string;
let headers: Record<string, string>;
let userIds: string[];

type Outcome = { at: number; ms: number; status: number; message?: string; kind: string };

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await pgServer.createDatabase("rewards_restart");
  database = await openPostgres(url, serverStatementLimits);
  await database.migrate();
  app = await buildApp({
    db: database.db,
    config: loadConfig({ DATABASE_URL: url, PUBLIC_URL: "http://rewards.test", LOG_LEVEL: "silent" }),
    jwtSecret: "restart-secret-restart-secret-restart-secret-0123",
    outbox: { pollMs: 200 },
  });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  const registered = await fetch(`${base}/api/users/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      fullName: "Restart Owner",
      username: "owner@restart.test",
      password: goodPassword,
      confirmPassword: goodPassword,
    }),
  });
  expect(registered.status).toBe(200);
  const { accessToken } = (await registered.json()) as { accessToken: string };
  headers = { authorization: `Bearer ${accessToken}`, "content-type": "application/json" };
  const me = (await (await fetch(`${base}/api/profile/me`, { headers })).json()) as { _id: string };
  await seedDemoData(database.db, me._id, { users: 20, offers: 200, redeems: 5, seed: 3 });
  const rows = (await database.db.execute(sql`select id from app_users`)) as unknown as {
    rows: { id: string }[];
  };
  userIds = rows.rows.map((row) => row.id);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await pgServer?.close();
});

/** One request of the load: a list read, or a Credit edit (a ledger row and a balance, in one transaction). */
async function oneRequest(worker: number, round: number): Promise<Outcome> {
  const started = Date.now();
  const kind = round % 2 === 1 ? "write" : "read";
  const userId = userIds[(worker * 7 + round) % userIds.length] as string;
  const call = (method: string, path: string, body?: object) =>
    fetch(`${base}${path}`, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
  let response: Response;
  if (kind === "write") {
    // Read the user, then save the form with one more point: an admin adjustment of +1 in the ledger.
    response = await call("GET", `/api/users/${userId}`);
    if (response.ok) {
      const user = (await response.json()) as { points: number; referCode: string; provision: number };
      response = await call("PUT", `/api/users/${userId}`, {
        referCode: user.referCode,
        provision: user.provision,
        isVerfied: true,
        pointsDelta: 1,
        pointsReason: "Restart test",
      });
    }
  } else {
    response = await call("POST", "/api/users", {
      queryParams: { pageSize: 10, sortField: "points", sortOrder: "desc" },
    });
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return {
    at: started,
    ms: Date.now() - started,
    status: response.status,
    kind,
    ...(body.message ? { message: body.message } : {}),
  };
}

/** Readiness: it asks the database, so it says when the database is away (liveness would not). */
const health = async () => {
  const response = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as { message?: string } };
};

it("answers 503 with a message while PostgreSQL restarts, and 200 again after, without a restart", async () => {
  const outcomes: Outcome[] = [];
  let running = true;
  const workers = Array.from({ length: 6 }, async (_, worker) => {
    for (let round = 0; running; round++) {
      // A request that gets no HTTP answer at all (reset, hang) is recorded as status -1.
      outcomes.push(
        await oneRequest(worker, round).catch((error: Error) => ({
          at: Date.now(),
          ms: 0,
          status: -1,
          kind: error.message,
        })),
      );
    }
  });

  await new Promise((resolve) => setTimeout(resolve, 1500));
  const stoppedAt = Date.now();
  await pgServer.stop();
  // The database is away for a while: the load keeps going, and health says so.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const downHealth = await health();
  expect(downHealth.status).toBe(503);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const startedAgainAt = Date.now();
  await pgServer.start();

  // Back without restarting the server: health recovers within the pool's connection timeout.
  await expect.poll(async () => (await health()).status, { timeout: 15_000, interval: 200 }).toBe(200);
  const recoveredAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  running = false;
  await Promise.all(workers);

  const during = outcomes.filter((o) => o.at > stoppedAt + 500 && o.at + o.ms < startedAgainAt);
  const after = outcomes.filter((o) => o.at > recoveredAt + 200);
  const statuses = new Set(outcomes.map((o) => o.status));
  const slowest = Math.max(...outcomes.map((o) => o.ms));
  console.info(
    `load during the restart: ${outcomes.length} requests, ${during.length} while the database was away ` +
      `(${during.filter((o) => o.status === 503).length} answered 503), ${after.length} after it came back; ` +
      `statuses ${[...statuses].join(", ")}; slowest answer ${slowest} ms`,
  );

  // Only 200 and 503, never a 500, a dropped connection or a hang.
  expect([...statuses].every((status) => status === 200 || status === 503)).toBe(true);
  expect(slowest).toBeLessThan(8000);
  // While the database was away every answer was a 503 with a message saying so.
  expect(during.length).toBeGreaterThan(10);
  for (const outcome of during) {
    expect(outcome.status).toBe(503);
    expect([messages.databaseUnavailable, messages.databaseBusy]).toContain(outcome.message);
  }
  expect(downHealth.body.message).toBeTruthy();
  // Afterwards everything answers 200 again, writes included.
  expect(after.length).toBeGreaterThan(10);
  expect(after.every((o) => o.status === 200)).toBe(true);
  expect(after.some((o) => o.kind === "write")).toBe(true);
  // And no write was half done: every balance still equals its ledger.
  expect(await ledgerMismatches(database.db)).toEqual([]);
});

it("runs the server's sessions with a statement limit and an idle-in-transaction limit", async () => {
  const shown = async (setting: string) =>
    ((await database.db.execute(sql.raw(`show ${setting}`))) as unknown as { rows: Record<string, string>[] })
      .rows[0]?.[setting];
  expect(await shown("statement_timeout")).toBe("30s");
  expect(await shown("idle_in_transaction_session_timeout")).toBe("1min");
});
