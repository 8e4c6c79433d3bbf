import { createServer, connect as netConnect, type Server, type Socket } from "node:net";
import { is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import type { Db } from "../../src/db/client.ts";
import type { ReplicaStatus } from "../../src/db/read-replica.ts";
import * as schema from "../../src/db/schema/index.ts";
import { appUsers } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";
import { adminIdOf, bearer, registerOwner } from "../support/auth-helpers.ts";
import { convert } from "../support/conversions.ts";
import { testJwtSecret } from "../support/test-app.ts";

// What the tests of the read replica share: an app built on a primary and a read database, the figures
// the replica's routes answer, and for the fault cases a TCP relay that can cut the way to the replica.

export const metricsToken = "replica-metrics-token-0123456789";

/** The server with its reads going to readDb; no background workers (nothing here needs them). */
export async function startReplicaApp(db: Db, readDb: Db, replicaStatus?: ReplicaStatus) {
  const config = loadConfig({ PUBLIC_URL: "http://rewards.test", METRICS_TOKEN: metricsToken });
  const app = await buildApp({
    db,
    readDb,
    ...(replicaStatus ? { replicaStatus } : {}),
    config,
    jwtSecret: testJwtSecret,
    outbox: false,
    payouts: false,
    holdRelease: false,
  });
  await app.ready();
  return app;
}

/** The owner of a new installation: their token, headers and app id. */
export async function ownerOf(app: FastifyInstance, username = "owner@replica.test") {
  const token = await registerOwner(app, username);
  return { token, headers: bearer(token), appId: await adminIdOf(app, token, username) };
}

/** Adds n app users, each credited one offer as a verified postback credits it; returns their e-mails. */
export async function addEarners(db: Db, appId: string, n: number, tag: string) {
  const emails: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = newId();
    const username = `${tag}-${i}-${id.slice(-6)}@users.test`;
    await db.insert(appUsers).values({ id, adminId: appId, username, referCode: id.slice(-8) });
    await convert(db, { adminId: appId, userId: id, tx: `${tag}-${i}-${id}`, payoutUsd: 2 });
    emails.push(username);
  }
  return emails;
}

/** What the three replica routes answer for the app: dashboard, analytics (this month) and the users CSV. */
export async function readFigures(app: FastifyInstance, headers: Record<string, string>) {
  const dash = await app.inject({ method: "GET", url: "/api/dash?tz=UTC&range=today", headers });
  expect(dash.statusCode, dash.body).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  const analytics = await app.inject({
    method: "GET",
    url: `/api/analytics?from=${today.slice(0, 8)}01&to=${today}&granularity=month`,
    headers,
  });
  expect(analytics.statusCode, analytics.body).toBe(200);
  const periods = analytics.json<{ periods: { conversions: number; newUsers: number }[] }>().periods;
  const csv = await app.inject({
    method: "POST",
    url: "/api/export/users",
    headers,
    payload: { queryParams: {} },
  });
  expect(csv.statusCode, csv.body).toBe(200);
  const figures = dash.json<{ todayUsers: number; todayOffers: number }>();
  return {
    dashboardUsers: figures.todayUsers,
    dashboardOffers: figures.todayOffers,
    analyticsConversions: periods.reduce((sum, period) => sum + period.conversions, 0),
    analyticsNewUsers: periods.reduce((sum, period) => sum + period.newUsers, 0),
    exportedRows: csv.body.trim().split("\n").length - 1,
    exported: csv.body,
  };
}

/** Every table's rows copied from one database to another: the replica as it was at that moment. */
export async function copyAllTables(from: Db, to: Db) {
  const tables = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];
  await to.transaction(async (tx) => {
    // No foreign-key order and no triggers: the rollups are copied as they are, like a replica's pages.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const table of tables) {
      const rows = await from.select().from(table);
      if (rows.length > 0) await tx.insert(table).values(rows as never);
    }
  });
}

/** The same URL with another host and port (through the relay below). */
export function viaPort(url: string, port: number) {
  const next = new URL(url);
  next.hostname = "127.0.0.1";
  next.port = String(port);
  return next.toString();
}

/**
 * A TCP relay to a PostgreSQL server: `down()` closes its port and cuts every connection through it (as a
 * replica that stops or a network that fails), `up()` opens the same port again.
 */
export async function startRelay(target: string) {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const listener = createServer((client) => {
        const upstream = netConnect(Number(targetPort || 5432), hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server = listener;
      listener.once("error", reject);
      listener.listen(port, "127.0.0.1", () => {
        port = (listener.address() as { port: number }).port;
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
    });
  await open();
  return { port: () => port, down: shut, up: open, close: shut };
}

/** Polls until check() holds, at most timeoutMs; fails the test naming what it waited for. */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited ${timeoutMs} ms for ${what}`);
}

/** A metric's value from the /metrics text (NaN when absent). */
export async function metricValue(app: FastifyInstance, name: string) {
  const response = await app.inject({ method: "GET", url: "/metrics", headers: bearer(metricsToken) });
  expect(response.statusCode).toBe(200);
  const line = response.body.split("\n").find((text) => text.startsWith(`${name} `));
  return line ? Number(line.split(" ")[1]) : Number.NaN;
}
