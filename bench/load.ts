/**
 * The load test (docs/performance.md, "Load"): BENCH_MIXED_CLIENTS (default 200) concurrent clients for
 * BENCH_MIXED_SECONDS (default 60) on a mixed workload against the scale tenant, on 1 server process and
 * then on 2 (WEB_CONCURRENCY=2, the same database); then postbacks alone on 1 process
 * (BENCH_POSTBACK_CLIENTS, default 100, for BENCH_POSTBACK_SECONDS, default 10); then the database is
 * checked: every transaction credited once, the repeats never, each balance equal to its ledger rows.
 * `npm run bench` runs it after its timed calls; alone:
 *
 *   DATABASE_URL=postgres://… BENCH_PASSWORD=<the seed's password> npm run bench:load
 *
 * It gives BENCH_APP_USERS (default 20) users of the scale tenant a password and signs each in once
 * before the runs (the app's sign-in is limited per IP: the runs reuse the tokens), and creates its own
 * administrator with a CPX Research config and 500 users for the postbacks (bench/postbacks.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { serverProcessesOf } from "../apps/server/test/support/processes.ts";
import { allCases, type Samples, samples } from "./cases.ts";
import {
  type ClientsRun,
  type LoadRequest,
  loadTable,
  paceWindowSeconds,
  runClients,
} from "./load-clients.ts";
import { appTokens, type Kind, mixWeights, pick, postbackSource, weights, workload } from "./load-mix.ts";
import { checkCredits, setUpPostbackTenant } from "./postbacks.ts";
import { scaleAdminId, scaleTarget } from "./scale-target.ts";
import { connectionsPerProcess, postgresScheduling, signIn, startServer, stopServer } from "./server.ts";

export const loadBudgets = { p99Ms: 250, postbacksPerSecond: 1000, rssMb: 300 };

export type LoadOptions = {
  /** A running single-process server on the scale database (its pid for the RSS, when known). */
  url: string;
  pid?: number;
  pool: pg.Pool;
  adminId: string;
  /** The scale administrator's access token. */
  token: string;
  samples: Samples;
  seconds?: number;
  clients?: number;
};

const ms = (value: number) => value.toFixed(1);

/**
 * Runs the mixed load on 1 process (the running server) and on 2 (a server it starts), the postback
 * phase on 1, and the credit check; answers the results' lines (a "## Mixed load" and a "## Postbacks"
 * section) and the budgets missed.
 */
export async function runLoad(options: LoadOptions) {
  const { url, pool, adminId, token } = options;
  const seconds = options.seconds ?? Number(process.env.BENCH_MIXED_SECONDS ?? 60);
  const clients = options.clients ?? Number(process.env.BENCH_MIXED_CLIENTS ?? 200);
  const postbackSeconds = Number(process.env.BENCH_POSTBACK_SECONDS ?? 10);
  const postbackClients = Number(process.env.BENCH_POSTBACK_CLIENTS ?? 100);
  const appUsers = Number(process.env.BENCH_APP_USERS ?? 20);

  const app = await appTokens(url, pool, adminId, token, appUsers);
  const tenant = await setUpPostbackTenant(url, pool, 500);
  const work = workload(allCases(adminId, options.samples), token, app.appKey, app.tokens);
  const sources: ReturnType<typeof postbackSource>[] = [];
  const mixed = (prefix: string) => {
    const postbacks = postbackSource(tenant, prefix);
    sources.push(postbacks);
    const total = Object.values(weights).reduce((a, b) => a + b, 0);
    return (): LoadRequest => {
      let roll = Math.random() * total;
      for (const [kind, weight] of Object.entries(weights) as [Kind, number][]) {
        roll -= weight;
        if (roll >= 0) continue;
        if (kind === "postback") return postbacks.next();
        if (kind === "app") return work.app();
        return pick(kind === "list" ? work.lists : kind === "details" ? work.details : work.dash);
      }
      return work.app();
    };
  };
  // A warm-up of each server with as many clients (modules loaded, code compiled, pools filled), not
  // measured: a fresh process loads some modules at its first requests. The measured run goes on over
  // the warm-up's connections, as behind a proxy that keeps its connections open: with several
  // processes, each new connection waits for the primary to hand it to a process, which under load
  // costs seconds (the process acknowledges it between requests).
  const warmUp = async (at: string, prefix: string) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
    await runClients({ url: at, clients, seconds: Math.min(5, seconds), next: mixed(prefix), agent });
    return agent;
  };

  console.log(`mixed load: ${clients} clients, ${seconds} s, 1 process…`);
  const agentOne = await warmUp(url, "warm1");
  const one = await runClients({
    url,
    clients,
    seconds,
    next: mixed("mixed1"),
    pids: () => (options.pid ? [options.pid] : []),
    agent: agentOne,
  });
  agentOne.destroy();
  console.log(JSON.stringify(one.overall));

  console.log(`postbacks alone: ${postbackClients} clients, ${postbackSeconds} s, 1 process…`);
  const postbackOnly = postbackSource(tenant, "rate");
  sources.push(postbackOnly);
  const rate = await runClients({
    url,
    clients: postbackClients,
    seconds: postbackSeconds,
    next: postbackOnly.next,
    pids: () => (options.pid ? [options.pid] : []),
  });
  console.log(JSON.stringify(rate.overall));

  console.log(`mixed load: ${clients} clients, ${seconds} s, 2 processes…`);
  const two = await startServer({ processes: 2 });
  let twoRun: ClientsRun;
  let spread: number[] = [];
  const total = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
  try {
    const agentTwo = await warmUp(two.url, "warm2");
    twoRun = await runClients({
      agent: agentTwo,
      url: two.url,
      clients,
      seconds,
      next: mixed("mixed2"),
      // Where the clients' connections went, at the sample that saw the most of them.
      pids: () => {
        const pids = two.pid ? serverProcessesOf(two.pid) : [];
        const now = connectionsPerProcess(pids, Number(new URL(two.url).port));
        if (total(now) > total(spread)) spread = now;
        return pids;
      },
    });
    agentTwo.destroy();
  } finally {
    await stopServer(two.child);
  }
  console.log(JSON.stringify(twoRun.overall));

  const sure = sources.flatMap((s) => s.sure());
  const uncertain = sources.flatMap((s) => s.uncertain());
  const repeats = sources.reduce((sum, s) => sum + s.repeats(), 0);
  const { ok: creditsOk, ...credits } = await checkCredits(pool, tenant.adminId, sure, uncertain);
  console.log(JSON.stringify(credits));

  const failures: string[] = [];
  const gateMixed = (name: string, run: ClientsRun) => {
    if (run.overall.errors > 0) failures.push(`mixed load, ${name}: ${run.overall.errors} errors`);
    if (run.overall.p99 > loadBudgets.p99Ms)
      failures.push(`mixed load, ${name}: p99 ${ms(run.overall.p99)} ms`);
    const rss = Math.max(0, ...run.rssMaxMb);
    if (run.rssMaxMb.length === 0) failures.push(`mixed load, ${name}: the server's RSS could not be read`);
    else if (rss >= loadBudgets.rssMb) failures.push(`mixed load, ${name}: RSS ${rss.toFixed(0)} MB`);
  };
  gateMixed("1 process", one);
  gateMixed("2 processes", twoRun);
  if (rate.overall.errors > 0) failures.push(`postbacks: ${rate.overall.errors} errors`);
  if (rate.overall.perSecond < loadBudgets.postbacksPerSecond)
    failures.push(`postbacks: ${rate.overall.perSecond.toFixed(0)}/s on 1 process`);
  if (!creditsOk) failures.push(`postbacks: credits wrong ${JSON.stringify(credits)}`);

  const ratio = twoRun.overall.perSecond / one.overall.perSecond;
  const scheduling = await postgresScheduling(pool);
  const rssOf = (run: ClientsRun) => run.rssMaxMb.map((mb) => mb.toFixed(0)).join(" / ") || "?";
  // The client's own share of the CPUs, which the server processes and PostgreSQL did not get.
  const cpuOf = (run: ClientsRun) =>
    `${((run.cpuMsPerRequest.client * run.overall.perSecond) / 10).toFixed(0)}% of a CPU`;
  const cpuPerRequest = (run: ClientsRun, what: string) => {
    const { server, client, machine } = run.cpuMsPerRequest;
    return (
      `CPU time a ${what}: the server ${server.toFixed(2)} ms, this client ` +
      `${client.toFixed(2)} ms, PostgreSQL and the rest of the machine ${Math.max(0, machine - server - client).toFixed(2)} ms ` +
      `(${os.cpus().length} CPUs busy ${((100 * machine * run.overall.perSecond) / 1000 / os.cpus().length).toFixed(0)}%).`
    );
  };
  // The machine's own speed moves within a run; the pace shows when a slow stretch made the tail.
  const paceOf = (run: ClientsRun) =>
    `Answers a second, by ${paceWindowSeconds}-second windows: ${run.pacePerSecond.map((n) => n.toLocaleString("en-US")).join(", ")}.`;
  const ok = (pass: boolean) => (pass ? "✓" : "✗ over budget");
  const mixedOk = (run: ClientsRun) =>
    ok(
      run.overall.errors === 0 &&
        run.overall.p99 <= loadBudgets.p99Ms &&
        run.rssMaxMb.length > 0 &&
        Math.max(...run.rssMaxMb) < loadBudgets.rssMb,
    );
  const lines = [
    "## Mixed load",
    "",
    `${clients} concurrent clients for ${seconds} s, each on its own keep-alive connection, one request after ` +
      "another (a closed loop); each request picks its kind at random with these weights: " +
      `app API ${mixWeights.app}% (GET /app/v1/me, /me/offers, /me/ledger, /me/redeems, /rewards, as ${app.tokens.length} ` +
      `signed-in app users), postbacks ${mixWeights.postback}% (CPX, signed; new transaction ids and about 10% repeats), ` +
      `dashboard ${mixWeights.list + mixWeights.details + mixWeights.dash}% (lists ${mixWeights.list}%: users, offers and ` +
      `redeems, first pages with each filter and sort; details ${mixWeights.details}%: a user, an offer, a redeem; ` +
      `GET /api/dash ${mixWeights.dash}%). Dashboard and app requests accept gzip. Every request is timed by the client ` +
      "(node:http, all samples kept, exact percentiles) from before it is written to the last byte of its answer; " +
      `the client runs on the same CPUs as the server and the database (PostgreSQL's processes: ${scheduling}). ` +
      "Errors: any non-2xx answer (a 429 too), " +
      "socket errors, 10 s timeouts." +
      (process.env.BENCH_MIX
        ? ` **This run: only ${process.env.BENCH_MIX} (BENCH_MIX), not the mix above.**`
        : ""),
    "",
    `Budget: p99 ≤ ${loadBudgets.p99Ms} ms over all requests, no errors, RSS < ${loadBudgets.rssMb} MB per server process.`,
    "",
    `### 1 process: ${mixedOk(one)}`,
    "",
    ...loadTable(one, Object.keys(mixWeights)),
    "",
    `Server RSS at most ${rssOf(one)} MB; the client used ${cpuOf(one)}. ${cpuPerRequest(one, "request")}`,
    "",
    paceOf(one),
    "",
    `### 2 processes (WEB_CONCURRENCY=2, the same database): ${mixedOk(twoRun)}`,
    "",
    ...loadTable(twoRun, Object.keys(mixWeights)),
    "",
    `Server processes' RSS at most ${rssOf(twoRun)} MB; the clients' connections per process: ${spread.join(" / ") || "?"}; ` +
      `the client used ${cpuOf(twoRun)}. Throughput 2 processes / 1 process: **${ratio.toFixed(2)}** ` +
      `(${twoRun.overall.perSecond.toFixed(0)} / ${one.overall.perSecond.toFixed(0)} requests/s; ${os.cpus().length} CPUs ` +
      `shared by the server processes, PostgreSQL and this client). ${cpuPerRequest(twoRun, "request")}`,
    "",
    paceOf(twoRun),
    "",
    "## Postbacks",
    "",
    `Postbacks alone on 1 process: ${postbackClients} clients for ${postbackSeconds} s, new transaction ids and about ` +
      `10% repeats. Budget ≥ ${loadBudgets.postbacksPerSecond} a second, no errors: ` +
      `${ok(rate.overall.errors === 0 && rate.overall.perSecond >= loadBudgets.postbacksPerSecond)}`,
    "",
    ...loadTable(rate, ["postback"]),
    "",
    `${cpuPerRequest(rate, "postback")} At that server CPU time, a server process on a CPU of its own (PostgreSQL ` +
      `and the senders elsewhere) has room for about ${(1000 / Math.max(0.001, rate.cpuMsPerRequest.server)).toFixed(0)} ` +
      "postbacks a second; the budget above is checked on the measured rate, not on this.",
    "",
    `Then in the database, over every postback of this page's runs (warm-ups included): ` +
      `${sure.length + uncertain.length} transactions sent (${uncertain.length} never answered 2xx, of which ` +
      `${credits.unansweredCredited} were credited, which is allowed), ${repeats} repeats; ` +
      `${credits.creditedOffers} credited offers (${credits.creditedTwice} transaction ids credited twice), outcomes ${JSON.stringify(credits.outcomes)}; users whose balance differs from their ` +
      `ledger rows: ${credits.usersWithLedgerMismatch}; users whose points differ from their conversions: ` +
      `${credits.usersWithWrongBalance}: ${creditsOk ? "✓" : "✗ lost or double credit"}.`,
    "",
  ];
  return { lines, failures, creditsOk, one, two: twoRun, rate, credits };
}

async function main() {
  const { databaseUrl, email, password, resultsDir, label } = scaleTarget();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const adminId = await scaleAdminId(pool, email);
  const s = await samples(pool, adminId);
  const server = await startServer();
  try {
    const token = await signIn(server.url, email, password);
    const load = await runLoad({
      url: server.url,
      pid: server.pid,
      pool,
      adminId,
      token,
      samples: s,
    });
    const date = new Date().toISOString().slice(0, 10);
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${date}${label}-load.md`);
    const summary =
      load.failures.length === 0 ? "All budgets met." : `${load.failures.length} budget(s) missed:`;
    writeFileSync(
      file,
      [
        `# Load test ${new Date().toISOString()}`,
        "",
        `**${summary}**`,
        ...load.failures.map((f) => `- ${f}`),
        "",
        ...load.lines,
      ].join("\n"),
    );
    console.log(`\nWrote ${file}`);
    if (load.failures.length > 0) {
      console.log(`Budgets missed:\n${load.failures.map((f) => `  ${f}`).join("\n")}`);
      // A lost or double credit is a fault, not a slow machine: it fails even with BENCH_GATE=off.
      if (process.env.BENCH_GATE !== "off" || !load.creditsOk) process.exitCode = 1;
    } else console.log("All budgets met.");
  } finally {
    await stopServer(server.child);
    await pool.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
