/**
 * `npm run bench` (issue 10): the API's latency at scale, against the PostgreSQL that
 * `npm run seed -- --scale` filled, compared with the budgets.
 *
 *   DATABASE_URL=postgres://… BENCH_EMAIL=scale@rewards.local BENCH_PASSWORD=… npm run bench
 *
 * It starts the server itself on DATABASE_URL (or measures one already running: BENCH_URL, and
 * BENCH_SERVER_PID for its memory), then:
 * - every list call with each allowed filter alone and each allowed sort, the details calls and
 *   GET /api/dash: BENCH_RUNS (default 50) timed runs each, one after another, after 3 warm-up runs;
 * - a load run on the users list: autocannon, 50 connections, BENCH_LOAD_SECONDS (default 30), with the
 *   server's RSS sampled every 200 ms;
 * - EXPLAIN (ANALYZE, BUFFERS) of the slowest calls' statements, made by the server's own services.
 * Writes bench/results/<date>.md and <date>-explain.md (BENCH_RESULTS_DIR, BENCH_LABEL change where).
 * Exits 1 when a budget is missed, unless BENCH_GATE=off (CI's smoke run at a small size).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import { join } from "node:path";
import {
  auditActions,
  auditFilterSchema,
  auditListBodySchema,
  auditSortFields,
  countryFilterSchema,
  countrySortFields,
  customerFilterSchema,
  customerListBodySchema,
  customerSortFields,
  offerFilterSchema,
  offerListBodySchema,
  offerSortFields,
  postbackFilterSchema,
  postbackListBodySchema,
  postbackSortFields,
  redeemFilterSchema,
  redeemListBodySchema,
  redeemSortFields,
  rewardFilterSchema,
  rewardItemFilterSchema,
  rewardItemSortFields,
  rewardSortFields,
} from "@rewards/contract";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Db } from "../apps/server/src/db/client.ts";
import * as schema from "../apps/server/src/db/schema/index.ts";
import { listAudit } from "../apps/server/src/modules/audit/audit.service.ts";
import { getCustomerDetails, listCustomers } from "../apps/server/src/modules/customers/customers.service.ts";
import { getDashboard } from "../apps/server/src/modules/dashboard/dashboard.service.ts";
import { getOfferDetails, listOffers } from "../apps/server/src/modules/offers/offers.service.ts";
import { listPostbacks } from "../apps/server/src/modules/postbacks/postback-log.service.ts";
import { getRedeemDetails, listRedeems } from "../apps/server/src/modules/redeems/redeems.service.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error("DATABASE_URL is required: the PostgreSQL that `npm run seed -- --scale` filled");
const email = process.env.BENCH_EMAIL ?? "scale@rewards.local";
const password = process.env.BENCH_PASSWORD;
if (!password)
  throw new Error("BENCH_PASSWORD is required: the password the scale seed printed (or was given)");
const runs = Number(process.env.BENCH_RUNS ?? 50);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const gate = process.env.BENCH_GATE !== "off";
const resultsDir = process.env.BENCH_RESULTS_DIR ?? new URL("./results", import.meta.url).pathname;
const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : "";

const budgets = { callP95Ms: 50, loadP99Ms: 200, rssMb: 300 };
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

type Case = {
  group: string;
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** The same call made through the server's service, for EXPLAIN. */
  service?: (db: Db) => Promise<unknown>;
};
type Measured = Case & { status: number; p50: number; p95: number; p99: number; totalCount?: string };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts the server on DATABASE_URL unless BENCH_URL names a running one; answers its URL and pid. */
async function startServer(): Promise<{ url: string; pid?: number; child?: ChildProcess }> {
  if (process.env.BENCH_URL) {
    const pid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : undefined;
    return { url: process.env.BENCH_URL.replace(/\/$/, ""), pid };
  }
  const port = await freePort();
  const root = new URL("..", import.meta.url).pathname;
  // The heap limit npm start sets (package.json): without it V8 lets the heap grow to ~150 MB of
  // garbage under load before collecting, and RSS passes 300 MB.
  const nodeFlags = ["--max-old-space-size=256", "--import", "tsx"];
  const child = spawn(process.execPath, [...nodeFlags, "apps/server/src/server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", DEMO_DATA: "off" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, pid: child.pid, child };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start within 60 s");
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await response.json()) as { accessToken?: string; message?: string };
  if (!body.accessToken) throw new Error(`sign-in as ${email} failed: ${response.status} ${body.message}`);
  return body.accessToken;
}

async function one<T>(query: string, params: unknown[] = []): Promise<T | undefined> {
  return (await pool.query(query, params)).rows[0] as T | undefined;
}

/** Real values of this tenant to filter by, so every filter finds rows (or is a realistic miss). */
async function samples(adminId: string) {
  const user = await one<{ id: string; username: string; ip_signup: string; visitor_id: string }>(
    `select u.id, u.username, u.ip_signup, u.visitor_id from app_users u
     where u.admin_id = $1 and exists (select 1 from redeems r where r.admin_id = $1 and r.user_id = u.id)
     order by u.created_at limit 1`,
    [adminId],
  );
  if (!user) throw new Error("the tenant has no user with a redeem: run the scale seed first");
  const offer = await one<{ id: string; ip: string }>(
    "select id, ip from completed_offers where admin_id = $1 and user_id = $2 limit 1",
    [adminId, user.id],
  );
  const redeem = await one<{ id: string }>(
    "select id from redeems where admin_id = $1 and user_id = $2 limit 1",
    [adminId, user.id],
  );
  const country = await one<{ id: string; code: string }>(
    "select id, code from countries where admin_id = $1 order by priority desc limit 1",
    [adminId],
  );
  const reward = await one<{ id: string }>(
    "select id from rewards where admin_id = $1 and country_id = $2 limit 1",
    [adminId, country?.id],
  );
  const item = await one<{ id: string }>(
    "select id from reward_items where admin_id = $1 and reward_id = $2 limit 1",
    [adminId, reward?.id],
  );
  const postback = await one<{ id: string }>("select id from postback_log where admin_id = $1 limit 1", [
    adminId,
  ]);
  const audited = await one<{ record_id: string }>(
    "select record_id from audit_log where admin_id = $1 and record_id is not null limit 1",
    [adminId],
  );
  if (!offer || !redeem || !country || !reward || !item) throw new Error("the tenant's data is incomplete");
  return { user, offer, redeem, country, reward, item, postback, audited };
}

const prefix = (ip: string) => `${ip.split(".").slice(0, 2).join(".")}.`;
const missingId = "00000000-0000-7000-8000-000000000000";

/**
 * Every allowed filter alone and every sort (both directions) of a list, with sample values; a filter
 * key without a sample value stops the bench, so a new filter is never left unmeasured.
 */
function listCases(
  group: string,
  path: string,
  filterKeys: readonly string[],
  sortFields: readonly string[],
  values: Record<string, unknown[]>,
  service?: (db: Db, body: { queryParams: Record<string, unknown> }) => Promise<unknown>,
): Case[] {
  const make = (name: string, queryParams: Record<string, unknown>): Case => {
    const body = { queryParams: { pageNumber: 1, pageSize: 10, ...queryParams } };
    return { group, name, method: "POST", path, body, service: service && ((db) => service(db, body)) };
  };
  const cases = [make("default", {})];
  for (const key of filterKeys) {
    const keyValues = values[key];
    if (!keyValues)
      throw new Error(`${group}: no sample value for the filter "${key}"; add one to bench/api.ts`);
    for (const value of keyValues)
      cases.push(make(`filter ${key}=${JSON.stringify(value)}`, { filter: { [key]: value } }));
  }
  for (const sortField of sortFields) {
    for (const sortOrder of ["asc", "desc"]) {
      cases.push(make(`sort ${sortField} ${sortOrder}`, { sortField, sortOrder }));
    }
  }
  return cases;
}

function allCases(adminId: string, s: Awaited<ReturnType<typeof samples>>): Case[] {
  const keys = (schema: { shape: object }) => Object.keys(schema.shape);
  const local = s.user.username.split("@")[0] ?? s.user.username;
  const cases: Case[] = [
    ...listCases(
      "users",
      "/api/users",
      keys(customerFilterSchema),
      customerSortFields,
      {
        username: ["gmail", local],
        ipSignup: [prefix(s.user.ip_signup)],
        visitorId: [s.user.visitor_id],
        _id: [s.user.id],
        status: [2, 3],
        risky: [true, false],
      },
      (db, body) => listCustomers(db, adminId, customerListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "offers",
      "/api/offer",
      keys(offerFilterSchema),
      offerSortFields,
      { network: ["cpxresearch"], userId: [s.user.id], _id: [s.offer.id], ip: [prefix(s.offer.ip)] },
      (db, body) => listOffers(db, adminId, offerListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "redeems",
      "/api/redeem",
      keys(redeemFilterSchema),
      redeemSortFields,
      {
        redeemEmail: ["gmail", local],
        redeemUser: [s.user.id],
        _id: [s.redeem.id],
        status: [0, 1, 2],
        risky: [true, false],
      },
      (db, body) => listRedeems(db, adminId, redeemListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "postbacks",
      "/api/postbacks",
      keys(postbackFilterSchema),
      postbackSortFields,
      {
        network: ["cpxresearch"],
        outcome: ["credited"],
        userId: [s.user.id],
        transactionId: ["scale-1"],
        _id: [s.postback?.id ?? missingId],
      },
      (db, body) => listPostbacks(db, adminId, postbackListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "audit",
      "/api/audit",
      keys(auditFilterSchema),
      auditSortFields,
      { action: [auditActions[0]], recordId: [s.user.id] },
      (db, body) => listAudit(db, adminId, auditListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "countries",
      "/api/reward/countries/pagination",
      keys(countryFilterSchema),
      countrySortFields,
      {
        fullName: ["United"],
        code: [s.country.code],
        _id: [s.country.id],
      },
    ),
    ...listCases(
      "rewards",
      `/api/reward/rewards/${s.country.id}`,
      keys(rewardFilterSchema),
      rewardSortFields,
      {
        name: ["Amazon"],
        _id: [s.reward.id],
      },
    ),
    ...listCases(
      "reward items",
      `/api/reward/rewardsItems/${s.reward.id}`,
      keys(rewardItemFilterSchema),
      rewardItemSortFields,
      { cost: ["5"], _id: [s.item.id] },
    ),
  ];
  const details: Case[] = [
    {
      group: "details",
      name: "user details",
      method: "GET",
      path: `/api/users/details/${s.user.id}`,
      service: (db) => getCustomerDetails(db, adminId, s.user.id),
    },
    { group: "details", name: "user", method: "GET", path: `/api/users/${s.user.id}` },
    {
      group: "details",
      name: "offer",
      method: "GET",
      path: `/api/offer/${s.offer.id}`,
      service: (db) => getOfferDetails(db, adminId, s.offer.id),
    },
    {
      group: "details",
      name: "redeem",
      method: "GET",
      path: `/api/redeem/${s.redeem.id}`,
      service: (db) => getRedeemDetails(db, adminId, s.redeem.id),
    },
    { group: "details", name: "country", method: "GET", path: `/api/reward/countries/${s.country.id}` },
    { group: "details", name: "reward", method: "GET", path: `/api/reward/rewards/${s.reward.id}` },
    { group: "details", name: "reward item", method: "GET", path: `/api/reward/rewardItem/${s.item.id}` },
    // A record without history answers 404 by design: measured only when the tenant has an audited record.
    ...(s.audited
      ? [
          {
            group: "details",
            name: "record history (audit)",
            method: "GET" as const,
            path: `/api/audit/record/${s.audited.record_id}`,
          },
        ]
      : []),
    ...(s.postback
      ? [
          {
            group: "details",
            name: "postback",
            method: "GET" as const,
            path: `/api/postbacks/${s.postback.id}`,
          },
        ]
      : []),
  ];
  const dash: Case[] = (["today", "last30"] as const).map((range) => ({
    group: "dashboard",
    name: `GET /api/dash range=${range}`,
    method: "GET",
    path: `/api/dash?tz=Europe/Berlin&range=${range}`,
    service: (db) => getDashboard(db, adminId, { tz: "Europe/Berlin", range }),
  }));
  return [...cases, ...details, ...dash];
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

async function measure(url: string, token: string, item: Case): Promise<Measured> {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(`${url}${item.path}`, {
      method: item.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(item.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: item.body === undefined ? undefined : JSON.stringify(item.body),
    });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, text };
  };
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  let last = await call();
  for (let i = 0; i < runs; i++) {
    last = await call();
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  let totalCount: string | undefined;
  if (last.status === 200) {
    const body = JSON.parse(last.text) as { totalCount?: number; totalCountKind?: string };
    if (body.totalCount !== undefined) {
      const kind = body.totalCountKind ?? "exact";
      totalCount = `${kind === "estimate" ? "≈" : ""}${body.totalCount.toLocaleString("en")}${kind === "atLeast" ? "+" : ""}`;
    }
  }
  return {
    ...item,
    status: last.status,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    totalCount,
  };
}

function rssMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function loadRun(url: string, token: string, pid: number | undefined) {
  const samplesMb: number[] = [];
  const sample = () => {
    const mb = pid ? rssMb(pid) : undefined;
    if (mb !== undefined) samplesMb.push(mb);
  };
  sample();
  const timer = setInterval(sample, 200);
  const result = await autocannon({
    url: `${url}/api/users`,
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ queryParams: { pageNumber: 1, pageSize: 10 } }),
    connections: 50,
    duration: loadSeconds,
  });
  clearInterval(timer);
  sample();
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    rssStartMb: samplesMb[0],
    rssMaxMb: samplesMb.length ? Math.max(...samplesMb) : undefined,
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement a case's service call makes. */
async function explain(item: Case): Promise<string> {
  if (!item.service) return "";
  const statements: Array<{ query: string; params: unknown[] }> = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (query, params) => statements.push({ query, params }) },
  }) as unknown as Db;
  await item.service(db);
  const parts: string[] = [];
  for (const statement of statements) {
    if (!/^\s*(select|with)/i.test(statement.query)) continue;
    const plan = await pool.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
    parts.push(
      `\`\`\`sql\n${statement.query}\n\`\`\`\nparams: \`${JSON.stringify(statement.params)}\`\n\n\`\`\`\n${plan.rows
        .map((row) => row["QUERY PLAN"])
        .join("\n")}\n\`\`\``,
    );
  }
  return parts.join("\n\n");
}

async function main() {
  const admin = await one<{ id: string }>("select id from admins where username = $1", [email]);
  if (!admin) throw new Error(`no administrator ${email}: run npm run seed -- --scale first`);
  const sizes = await one<{ users: string; offers: string; redeems: string; ledger: string }>(
    `select (select count(*) from app_users where admin_id = $1) as users,
            (select count(*) from completed_offers where admin_id = $1) as offers,
            (select count(*) from redeems where admin_id = $1) as redeems,
            (select count(*) from points_ledger where admin_id = $1) as ledger`,
    [admin.id],
  );
  const version = await one<{ server_version: string }>("show server_version");
  const s = await samples(admin.id);
  const server = await startServer();
  try {
    const token = await signIn(server.url);
    const cases = allCases(admin.id, s);
    const measured: Measured[] = [];
    for (const item of cases) {
      const result = await measure(server.url, token, item);
      measured.push(result);
      console.log(
        `${result.group.padEnd(12)} ${result.name.padEnd(48)} ${result.status} p50 ${result.p50.toFixed(1)} p95 ${result.p95.toFixed(1)} p99 ${result.p99.toFixed(1)} ms`,
      );
    }
    console.log(`load run: 50 connections, ${loadSeconds} s on POST /api/users…`);
    const load = await loadRun(server.url, token, server.pid);
    console.log(JSON.stringify(load));

    const failures: string[] = [];
    for (const m of measured) {
      if (m.status !== 200) failures.push(`${m.group} ${m.name}: HTTP ${m.status}`);
      else if (m.p95 > budgets.callP95Ms) failures.push(`${m.group} ${m.name}: p95 ${m.p95.toFixed(1)} ms`);
    }
    if (load.errors > 0) failures.push(`load run: ${load.errors} errors`);
    if (load.p99 > budgets.loadP99Ms) failures.push(`load run: p99 ${load.p99} ms`);
    if (load.rssMaxMb === undefined)
      failures.push("load run: the server's RSS could not be read (BENCH_SERVER_PID)");
    else if (load.rssMaxMb >= budgets.rssMb) failures.push(`load run: RSS ${load.rssMaxMb.toFixed(0)} MB`);

    const slowest = [...measured]
      .filter((m) => m.service)
      .sort((a, b) => b.p95 - a.p95)
      .slice(0, 5);
    const date = new Date().toISOString().slice(0, 10);
    mkdirSync(resultsDir, { recursive: true });
    const ok = (pass: boolean) => (pass ? "✓" : "✗ over budget");
    const n = (value: string | undefined) => Number(value ?? 0).toLocaleString("en");
    const lines = [
      `# Benchmark ${new Date().toISOString()}`,
      "",
      `Data: ${n(sizes?.users)} app users, ${n(sizes?.offers)} completed offers, ${n(sizes?.redeems)} redeems, ` +
        `${n(sizes?.ledger)} ledger rows in one tenant (${email}); PostgreSQL ${version?.server_version}.`,
      `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} at the end (the CPUs are shared: timings are noisy).`,
      `Runs: ${runs} per call, sequential, after 3 warm-up calls; times are the client's (HTTP included).`,
      "",
      `Budgets: every list page and details call and GET /api/dash p95 ≤ ${budgets.callP95Ms} ms; load run no errors, ` +
        `p99 ≤ ${budgets.loadP99Ms} ms, server RSS < ${budgets.rssMb} MB.`,
      "",
      `**${failures.length === 0 ? "All budgets met." : `${failures.length} budget(s) missed:`}**`,
      ...failures.map((f) => `- ${f}`),
      "",
      "| Group | Call | HTTP | totalCount | p50 ms | p95 ms | p99 ms | Budget |",
      "|---|---|---|---|---|---|---|---|",
      ...measured.map(
        (m) =>
          `| ${m.group} | ${m.method} ${m.path.replace(/[0-9a-f-]{36}/g, ":id")} ${m.name} | ${m.status} | ${m.totalCount ?? ""} | ` +
          `${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${ok(m.status === 200 && m.p95 <= budgets.callP95Ms)} |`,
      ),
      "",
      "## Load run",
      "",
      `autocannon, 50 connections, ${loadSeconds} s, POST /api/users (first page, default sort):`,
      "",
      "| Requests | Requests/s | p50 ms | p99 ms | max ms | Errors | RSS start MB | RSS max MB | Budget |",
      "|---|---|---|---|---|---|---|---|---|",
      `| ${load.requests} | ${load.perSecond.toFixed(0)} | ${load.p50} | ${load.p99} | ${load.max} | ${load.errors} | ` +
        `${load.rssStartMb?.toFixed(0) ?? "?"} | ${load.rssMaxMb?.toFixed(0) ?? "?"} | ` +
        `${ok(load.errors === 0 && load.p99 <= budgets.loadP99Ms && (load.rssMaxMb ?? Infinity) < budgets.rssMb)} |`,
      "",
      `The slowest calls' statements, EXPLAIN (ANALYZE, BUFFERS): [${date}${label}-explain.md](./${date}${label}-explain.md).`,
      "",
    ];
    const resultsFile = join(resultsDir, `${date}${label}.md`);
    writeFileSync(resultsFile, lines.join("\n"));
    const explained: string[] = [
      `# EXPLAIN (ANALYZE, BUFFERS) of the slowest calls, ${new Date().toISOString()}`,
      "",
    ];
    for (const m of slowest) {
      explained.push(`## ${m.group}: ${m.name} (p95 ${m.p95.toFixed(1)} ms)`, "", await explain(m), "");
    }
    writeFileSync(join(resultsDir, `${date}${label}-explain.md`), explained.join("\n"));
    console.log(`\nWrote ${resultsFile}`);
    if (failures.length > 0) {
      console.log(`Budgets missed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
      if (gate) process.exitCode = 1;
    } else console.log("All budgets met.");
  } finally {
    server.child?.kill("SIGTERM");
    await pool.end();
  }
}

await main();
