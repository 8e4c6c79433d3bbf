/**
 * How `npm run bench` measures one call: timed runs, its own SQL's p50, and EXPLAIN (ANALYZE, BUFFERS) of
 * the statements its service makes. Load runs of many clients are in load-clients.ts.
 */
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

export const percentile = (sorted: number[], q: number) =>
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

/**
 * The SQL statements a case's service sends (select, with or explain), with their parameters, and the name
 * of each it prepares under a name (db/prepared.ts), as the server runs it.
 */
async function statementsOf(pool: pg.Pool, item: Case) {
  const statements: Array<{ query: string; params: unknown[]; name?: string }> = [];
  if (!item.service) return statements;
  const names = new Map<string, string>();
  const recording = new Proxy(pool, {
    get(target, property) {
      if (property === "query")
        return (config: unknown, values?: unknown) => {
          const named = config as { name?: string; text?: string };
          if (named?.name && named.text) names.set(named.text, named.name);
          return target.query(config as string, values as unknown[]);
        };
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const db = drizzle({
    client: recording,
    schema,
    logger: { logQuery: (query, params) => statements.push({ query, params }) },
  }) as unknown as Db;
  await item.service(db);
  return statements.map((statement) => ({ ...statement, name: names.get(statement.query) }));
}

/**
 * The p50 of a call's own SQL: the statements its service sends, run one after another from this process
 * over a warm connection, `runs` times (driver round trips included, and statements the service runs side
 * by side counted one after another: the ratio it gives errs low). A statement the service prepares under
 * a name runs prepared under it, past the five runs PostgreSQL plans for its values before it keeps a plan.
 */
export async function sqlP50(pool: pg.Pool, item: Case, runs: number): Promise<number | undefined> {
  const statements = await statementsOf(pool, item);
  if (statements.length === 0) return undefined;
  const client = await pool.connect();
  try {
    const times: number[] = [];
    const warmUps = 6;
    for (let i = 0; i < runs + warmUps; i++) {
      const started = performance.now();
      for (const { query, params, name } of statements)
        await client.query(name ? { name, text: query, values: params } : { text: query, values: params });
      if (i >= warmUps) times.push(performance.now() - started);
    }
    return percentile(
      times.sort((a, b) => a - b),
      0.5,
    );
  } finally {
    client.release();
  }
}

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
