/**
 * `npm run bench` (docs/performance.md): the API's latency at scale, against the PostgreSQL that
 * `npm run seed -- --scale` filled, compared with the budgets.
 *
 *   DATABASE_URL=postgres://… BENCH_EMAIL=scale@rewards.local BENCH_PASSWORD=… npm run bench
 *
 * It starts the server itself on DATABASE_URL (or measures one already running: BENCH_URL, and
 * BENCH_SERVER_PID for its memory), then:
 * - every list call with each allowed filter alone and each allowed sort, the details calls and
 *   GET /api/dash: BENCH_RUNS (default 50) timed runs each, one after another, after 20 untimed passes
 *   over every case and 10 warm-up runs of its own;
 * - the load test (bench/load.ts): 200 clients on a mixed workload on 1 and on 2 server processes, and
 *   postbacks alone, with the servers' RSS sampled and the credits checked in the database after;
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
import { runLoad } from "./load.ts";
import { explain, type Measured, measure, sqlP50, warmUp } from "./measure.ts";
import { scaleAdminId, scaleTarget } from "./scale-target.ts";
import { signIn, startServer } from "./server.ts";

const { databaseUrl, email, password, resultsDir, label } = scaleTarget();
const runs = Number(process.env.BENCH_RUNS ?? 50);
const gate = process.env.BENCH_GATE !== "off";

const budgets = { callP95Ms: 50, analyticsP95Ms: 150, listCallP50Ms: 2 };
/** A call's p95 budget: analytics reads 90 days of rollups, every other call one page or record. */
const budgetOf = (m: { group: string }) =>
  m.group === "analytics" ? budgets.analyticsP95Ms : budgets.callP95Ms;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const one = <T>(query: string, params: unknown[] = []) => firstRow<T>(pool, query, params);
const dashCall = endpointKey(dashboardEndpoints.figures);

/** A list's page in the main groups (deep pages have their own group): the calls the ratio is for. */
const isListPage = (m: Measured) =>
  m.group !== "deep pages" && typeof m.body === "object" && m.body !== null && "queryParams" in m.body;

/** Per list: the median of its calls' p50, SQL p50 and ratio. */
function ratioSummary(measured: Measured[]): string[] {
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
  const groups = [...new Set(measured.filter((m) => m.sqlP50).map((m) => m.group))];
  return [
    "API/SQL per list (medians over the list's calls above):",
    "",
    "| List | API p50 ms | SQL p50 ms | API/SQL |",
    "|---|---|---|---|",
    ...groups.map((group) => {
      const calls = measured.filter((m) => m.group === group && m.sqlP50);
      const api = median(calls.map((m) => m.p50));
      const sqlMs = median(calls.map((m) => m.sqlP50 ?? 0));
      return `| ${group} | ${api.toFixed(1)} | ${sqlMs.toFixed(2)} | ${median(calls.map((m) => m.p50 / (m.sqlP50 ?? 1))).toFixed(1)} |`;
    }),
    "",
  ];
}

async function main() {
  const adminId = await scaleAdminId(pool, email);
  const sizes = await one<{ users: string; offers: string; redeems: string; ledger: string }>(
    `select (select count(*) from app_users where admin_id = $1) as users,
            (select count(*) from completed_offers where admin_id = $1) as offers,
            (select count(*) from redeems where admin_id = $1) as redeems,
            (select count(*) from points_ledger where admin_id = $1) as ledger`,
    [adminId],
  );
  const version = await one<{ server_version: string }>("show server_version");
  // The road to PostgreSQL (the servers take the same DATABASE_URL): no server address means its socket.
  const road = await one<{ address: string | null }>("select host(inet_server_addr()) as address");
  const s = await samples(pool, adminId);
  const server = await startServer();
  // The services EXPLAIN runs read encrypted columns: this process opens them with the server's key.
  useSecretsKey(loadSecretsKey(loadConfig()).key);
  try {
    const token = await signIn(server.url, email, password);
    const cases = allCases(adminId, s);
    await warmUp(server.url, token, cases, 20);
    const measured: Measured[] = [];
    for (const item of cases) {
      const result = await measure(server.url, token, item, runs);
      // The lists' own SQL, for the API/SQL ratio: what the API adds around a page's statements.
      if (isListPage(result)) result.sqlP50 = await sqlP50(pool, item, Math.min(runs, 30));
      measured.push(result);
      console.log(
        `${result.group.padEnd(12)} ${result.name.padEnd(48)} ${result.status} p50 ${result.p50.toFixed(1)} p95 ${result.p95.toFixed(1)} p99 ${result.p99.toFixed(1)} ms`,
      );
    }
    const load = await runLoad({
      url: server.url,
      pid: server.pid,
      pool,
      adminId,
      token,
      samples: s,
    });

    const failures: string[] = [];
    for (const m of measured) {
      if (m.status !== 200) failures.push(`${m.group} ${m.name}: HTTP ${m.status}`);
      else if (m.p95 > budgetOf(m)) failures.push(`${m.group} ${m.name}: p95 ${m.p95.toFixed(1)} ms`);
      // The per-call overhead: a 10-row first page, unfiltered, in its default order.
      if (isListPage(m) && m.name === "default" && m.p50 > budgets.listCallP50Ms)
        failures.push(
          `${m.group} ${m.name}: p50 ${m.p50.toFixed(1)} ms (a 10-row page's budget is ${budgets.listCallP50Ms} ms)`,
        );
    }
    failures.push(...load.failures);

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
        `${n(sizes?.ledger)} ledger rows in one tenant (${email}); PostgreSQL ${version?.server_version}, ` +
        `${road?.address ? `over TCP to ${road.address}` : "over its Unix socket"}.`,
      `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")} at the end (the CPUs are shared: timings are noisy).`,
      `Runs: ${runs} per call, sequential, after a pass of 20 calls of every case and 10 more of its own; times are the client's (node:http over one keep-alive connection, HTTP included).`,
      "",
      `Budgets: a 10-row list page (default) p50 ≤ ${budgets.listCallP50Ms} ms; every list page and details call and ${dashCall} p95 ≤ ${budgets.callP95Ms} ms, analytics (90 days) p95 ≤ ${budgets.analyticsP95Ms} ms; ` +
        "mixed load and postbacks as below.",
      "",
      `**${failures.length === 0 ? "All budgets met." : `${failures.length} budget(s) missed:`}**`,
      ...failures.map((f) => `- ${f}`),
      "",
      "For the first pages of the lists, **SQL p50** is the page's own statements run one after another from the " +
        "bench over a warm connection (driver round trips included), and **API/SQL** the call's p50 over it: " +
        "what the API adds around the SQL (authentication, validation, serialisation, compression, HTTP).",
      "",
      "| Group | Call | HTTP | totalCount | Runs | p50 ms | p95 ms | p99 ms | SQL p50 ms | API/SQL | Budget |",
      "|---|---|---|---|---|---|---|---|---|---|---|",
      ...measured.map(
        (m) =>
          `| ${m.group} | ${m.method} ${m.path.replace(/[0-9a-f-]{36}/g, ":id")} ${m.name} | ${m.status} | ${m.totalCount ?? ""} | ` +
          `${m.runs} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.p99.toFixed(1)} | ` +
          `${m.sqlP50 === undefined ? "" : m.sqlP50.toFixed(2)} | ${m.sqlP50 ? (m.p50 / m.sqlP50).toFixed(1) : ""} | ` +
          `${ok(m.status === 200 && m.p95 <= budgetOf(m))} |`,
      ),
      "",
      ...ratioSummary(measured),
      "",
      ...load.lines,
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
      // A lost or double credit is a fault, not a slow machine: it fails even with BENCH_GATE=off.
      if (gate || !load.creditsOk) process.exitCode = 1;
    } else console.log("All budgets met.");
  } finally {
    server.child?.kill("SIGTERM");
    await pool.end();
  }
}

await main();
