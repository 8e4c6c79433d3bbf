/**
 * How `npm run bench` measures: timed runs of one call, load runs of many clients with the servers' RSS
 * sampled, and EXPLAIN (ANALYZE, BUFFERS) of the statements a call's service makes.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db } from "../apps/server/src/db/client.ts";
import * as schema from "../apps/server/src/db/schema/index.ts";
import type { Case } from "./case.ts";

export type Measured = Case & {
  status: number;
  p50: number;
  p95: number;
  p99: number;
  /** Timed runs made: fewer than asked when a call is so slow that the case's time ran out. */
  runs: number;
  totalCount?: string;
  /** p50 of the call's own SQL (sqlP50), for the API/SQL ratio of the lists. */
  sqlP50?: number;
};

/** A case stops after this many seconds of timed runs (at least 5 runs): a call of seconds needs no 50. */
const caseSeconds = 10;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

/** One keep-alive connection for the timed calls, as a browser keeps one to its dashboard. */
const timedAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One call over node:http, the answer read whole (and gunzipped when it came compressed, as a browser
 * would). Not fetch: undici's own work added about 0.45 ms to each call's time (measured on a 10-row page),
 * which is the client's cost, not the API's.
 */
function timedCall(url: string, token: string, item: Case) {
  const target = new URL(`${url}${item.path}`);
  const body = item.body === undefined ? undefined : JSON.stringify(item.body);
  return new Promise<{ ms: number; status: number; text: string }>((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      {
        agent: timedAgent,
        host: target.hostname,
        port: target.port,
        method: item.method,
        path: `${target.pathname}${target.search}`,
        headers: {
          authorization: `Bearer ${token}`,
          "accept-encoding": "gzip",
          ...(body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const text = (response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString();
          resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, text });
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * A pass over every case before any is timed, as a server that has been up a while has had: a fresh
 * process compiles a route's code paths at its first few hundred calls, so the first case of each group
 * measured a slower server than the rest (the users' default page p50 2.6 ms, its identical sort 2.0).
 */
export async function warmUp(url: string, token: string, items: Case[], callsEach: number) {
  for (let round = 0; round < callsEach; round++) {
    for (const item of items) await timedCall(url, token, item);
  }
}

/** `runs` timed calls one after another, after 10 warm-up calls; times are the client's (HTTP included). */
export async function measure(url: string, token: string, item: Case, runs: number): Promise<Measured> {
  const call = () => timedCall(url, token, item);
  for (let i = 0; i < 10; i++) await call();
  const times: number[] = [];
  let last = await call();
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    last = await call();
    times.push(last.ms);
    if (i >= 4 && performance.now() - started > caseSeconds * 1000) break;
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
    runs: times.length,
    totalCount,
  };
}

/** The SQL statements a case's service sends (select, with or explain), with their parameters. */
async function statementsOf(pool: pg.Pool, item: Case) {
  const statements: Array<{ query: string; params: unknown[] }> = [];
  if (!item.service) return statements;
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (query, params) => statements.push({ query, params }) },
  }) as unknown as Db;
  await item.service(db);
  return statements;
}

/**
 * The p50 of a call's own SQL: the statements its service sends, run one after another from this process
 * over a warm connection, `runs` times (driver round trips included, and statements the service runs side
 * by side counted one after another: the ratio it gives errs low).
 */
export async function sqlP50(pool: pg.Pool, item: Case, runs: number): Promise<number | undefined> {
  const statements = await statementsOf(pool, item);
  if (statements.length === 0) return undefined;
  const client = await pool.connect();
  try {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      for (const statement of statements) await client.query(statement.query, statement.params);
      if (i >= 3) times.push(performance.now() - started);
    }
    return percentile(
      times.sort((a, b) => a - b),
      0.5,
    );
  } finally {
    client.release();
  }
}

/** A process's resident memory in MB, from /proc (undefined once it has gone). */
export function rssMb(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("VmRSS:"));
    return line ? Number(line.replace(/\D+/g, "")) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Linux's clock ticks a second in /proc (USER_HZ, 100 on every mainstream kernel). */
const ticksPerSecond = 100;

/** CPU seconds a process has used, user and system (0 once it has gone), from /proc/<pid>/stat. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) in parentheses: utime and stime are 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** CPU seconds the whole machine has been busy (every CPU, every process), from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const [user, nice, system, , , irq, softirq, steal] =
      readFileSync("/proc/stat", "utf8").split("\n")[0]?.split(/\s+/).slice(1).map(Number) ?? [];
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
      ticksPerSecond
    );
  } catch {
    return 0;
  }
}

/** One request of a load run; `kind` is the row of the results it counts in. */
export type LoadRequest = {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Told how the request ended: undefined for a 2xx answer, else what went wrong. */
  done?: (error: string | undefined) => void;
};

export type KindStats = {
  kind: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Non-2xx answers and requests without one (socket errors, 10 s timeouts). */
  errors: number;
  /** What the errors were: HTTP statuses and socket error codes, with their counts. */
  errorKinds: Record<string, number>;
};

function stats(kind: string, times: number[], errorKinds: Map<string, number>, seconds: number): KindStats {
  times.sort((a, b) => a - b);
  let errors = 0;
  for (const count of errorKinds.values()) errors += count;
  return {
    kind,
    requests: times.length,
    perSecond: times.length / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1) ?? 0,
    errors,
    errorKinds: Object.fromEntries(errorKinds),
  };
}

/** The window a run's pace is counted in (ClientsRun.pacePerSecond). */
export const paceWindowSeconds = 5;

/**
 * `clients` concurrent clients for `seconds`, each on its own keep-alive connection, sending what
 * `next` gives one after another (a closed loop: a client waits for its answer before the next). Every
 * request is timed from before it is written to its answer's last byte, and all of them are kept: the
 * percentiles are exact. Answers are read and dropped, never parsed, to keep the client cheap. A request
 * still in flight at the end is waited for and counted. `pids` names the server processes whose RSS is
 * sampled every 200 ms.
 */
export async function runClients({
  url,
  clients,
  seconds,
  next,
  pids = () => [],
  agent: given,
}: {
  url: string;
  clients: number;
  seconds: number;
  next: () => LoadRequest;
  pids?: () => number[];
  /** Keep-alive connections to reuse (a warm-up's); by default new ones, closed at the end. */
  agent?: http.Agent;
}) {
  const target = new URL(url);
  const agent = given ?? new http.Agent({ keepAlive: true, maxSockets: clients });
  const send = (request: LoadRequest) =>
    new Promise<string | undefined>((resolve) => {
      const headers = { ...request.headers };
      if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
      const call = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.path,
          headers,
          timeout: 10_000,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          response.on("end", () => resolve(status >= 200 && status < 300 ? undefined : `HTTP ${status}`));
          response.on("error", (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
          response.resume();
        },
      );
      call.on("timeout", () => call.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
      call.on("error", (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
      call.end(request.body);
    });

  const byKind = new Map<string, { times: number[]; errors: Map<string, number> }>();
  const rss = new Map<number, number>();
  const sample = () => {
    for (const pid of pids()) {
      const mb = rssMb(pid);
      if (mb !== undefined) rss.set(pid, Math.max(rss.get(pid) ?? 0, mb));
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = new Map(pids().map((pid) => [pid, processCpuSeconds(pid)]));
  const machineBefore = machineBusySeconds();
  const deadline = started + seconds * 1000;
  // Answers finished in each window of `paceWindowSeconds`: how the pace moved during the run.
  const pace: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const request = next();
        const sent = performance.now();
        const error = await send(request);
        const finished = performance.now();
        const ms = finished - sent;
        const window = Math.floor((finished - started) / (paceWindowSeconds * 1000));
        pace[window] = (pace[window] ?? 0) + 1;
        request.done?.(error);
        const kind = byKind.get(request.kind) ?? { times: [], errors: new Map<string, number>() };
        byKind.set(request.kind, kind);
        kind.times.push(ms);
        if (error) kind.errors.set(error, (kind.errors.get(error) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = pids().map((pid) => processCpuSeconds(pid) - (serverCpuBefore.get(pid) ?? 0));
  const machineBusy = machineBusySeconds() - machineBefore;
  clearInterval(timer);
  sample();
  if (!given) agent.destroy();
  const kinds = [...byKind].map(([kind, k]) => stats(kind, k.times, k.errors, elapsed));
  const allErrors = new Map<string, number>();
  for (const k of byKind.values())
    for (const [error, count] of k.errors) allErrors.set(error, (allErrors.get(error) ?? 0) + count);
  const overall = stats(
    "all",
    [...byKind.values()].flatMap((k) => k.times),
    allErrors,
    elapsed,
  );
  // CPU milliseconds a request: the server processes', this client's, and the whole machine's (PostgreSQL
  // is most of the rest), so a run says where its CPUs went.
  const perRequest = (cpuSeconds: number) => (cpuSeconds * 1000) / Math.max(1, overall.requests);
  const cpuMsPerRequest = {
    server: perRequest(serverCpu.reduce((a, b) => a + b, 0)),
    client: perRequest((cpu.user + cpu.system) / 1e6),
    machine: perRequest(machineBusy),
  };
  return {
    seconds: elapsed,
    clients,
    kinds,
    overall,
    rssMaxMb: [...rss.values()],
    cpuMsPerRequest,
    /** Answers a second in each whole window of paceWindowSeconds (the last, cut short, left out). */
    pacePerSecond: Array.from(pace.slice(0, Math.floor(elapsed / paceWindowSeconds)), (count) =>
      Math.round((count ?? 0) / paceWindowSeconds),
    ),
  };
}

export type ClientsRun = Awaited<ReturnType<typeof runClients>>;

/** EXPLAIN (ANALYZE, BUFFERS) of every statement a case's service call makes. */
export async function explain(pool: pg.Pool, item: Case): Promise<string> {
  const statements = await statementsOf(pool, item);
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

/** A load run's results as a Markdown table: a row per kind, in `order`, then all requests together. */
export function loadTable(run: ClientsRun, order: string[]): string[] {
  const ms = (value: number) => value.toFixed(1);
  const kinds = [...run.kinds].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const what = (k: KindStats) =>
    k.errors
      ? ` (${Object.entries(k.errorKinds)
          .map(([error, n]) => `${error}: ${n}`)
          .join(", ")})`
      : "";
  return [
    "| Kind | Requests | Requests/s | p50 ms | p95 ms | p99 ms | max ms | Errors |",
    "|---|---|---|---|---|---|---|---|",
    ...[...kinds, run.overall].map(
      (k) =>
        `| ${k.kind === "all" ? "**all**" : k.kind} | ${k.requests} | ${k.perSecond.toFixed(0)} | ${ms(k.p50)} | ` +
        `${ms(k.p95)} | ${ms(k.p99)} | ${ms(k.max)} | ${k.errors}${what(k)} |`,
    ),
  ];
}
