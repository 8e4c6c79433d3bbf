/**
 * `npm run bench` (docs/performance.md): the API's latency at scale, against the PostgreSQL that
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
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { dashboardEndpoints, endpointKey } from "@rewards/contract";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config.ts";
import { loadSecretsKey, useSecretsKey } from "../apps/server/src/lib/secret-box.ts";
import { allCases, firstRow, samples } from "./cases.ts";
import { explain, loadEndpoint, loadRun, type Measured, measure } from "./measure.ts";
import { signIn, startServer } from "./server.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  throw new Error("DATABASE_URL is required: the PostgreSQL that `npm run seed -- --scale` filled");
const email = process.env.BENCH_EMAIL ?? "scale@rewards.local";
const password = process.env.BENCH_PASSWORD ?? "";
if (!password)
  throw new Error("BENCH_PASSWORD is required: the password the scale seed printed (or was given)");
const runs = Number(process.env.BENCH_RUNS ?? 50);
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const gate = process.env.BENCH_GATE !== "off";
const resultsDir = process.env.BENCH_RESULTS_DIR ?? new URL("./results", import.meta.url).pathname;
const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : "";

const budgets = { callP95Ms: 50, analyticsP95Ms: 150, loadP99Ms: 200, rssMb: 300 };
/** A call's p95 budget: analytics reads 90 days of rollups, every other call one page or record. */
const budgetOf = (m: { group: string }) =>
  m.group === "analytics" ? budgets.analyticsP95Ms : budgets.callP95Ms;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const one = <T>(query: string, params: unknown[] = []) => firstRow<T>(pool, query, params);
const loadCall = endpointKey(loadEndpoint);
const dashCall = endpointKey(dashboardEndpoints.figures);

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
  const s = await samples(pool, admin.id);
  const server = await startServer();
  // The services EXPLAIN runs read encrypted columns: this process opens them with the server's key.
  useSecretsKey(loadSecretsKey(loadConfig()).key);
  try {
    const token = await signIn(server.url, email, password);
    const cases = allCases(admin.id, s);
    const measured: Measured[] = [];
    for (const item of cases) {
      const result = await measure(server.url, token, item, runs);
      measured.push(result);
      console.log(
        `${result.group.padEnd(12)} ${result.name.padEnd(48)} ${result.status} p50 ${result.p50.toFixed(1)} p95 ${result.p95.toFixed(1)} p99 ${result.p99.toFixed(1)} ms`,
      );
    }
    console.log(`load run: 50 connections, ${loadSeconds} s on ${loadCall}…`);
    const load = await loadRun(server.url, token, server.pid, loadSeconds);
    console.log(JSON.stringify(load));

    const failures: string[] = [];
    for (const m of measured) {
      if (m.status !== 200) failures.push(`${m.group} ${m.name}: HTTP ${m.status}`);
      else if (m.p95 > budgetOf(m)) failures.push(`${m.group} ${m.name}: p95 ${m.p95.toFixed(1)} ms`);
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
      `Budgets: every list page and details call and ${dashCall} p95 ≤ ${budgets.callP95Ms} ms, analytics (90 days) p95 ≤ ${budgets.analyticsP95Ms} ms; load run no errors, ` +
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
          `${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ${ok(m.status === 200 && m.p95 <= budgetOf(m))} |`,
      ),
      "",
      "## Load run",
      "",
      `autocannon, 50 connections, ${loadSeconds} s, ${loadCall} (first page, default sort):`,
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
      explained.push(`## ${m.group}: ${m.name} (p95 ${m.p95.toFixed(1)} ms)`, "", await explain(pool, m), "");
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
