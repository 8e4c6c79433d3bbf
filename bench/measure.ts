/**
 * How `npm run bench` measures: timed runs of one call, the load run with the server's RSS sampled, and
 * EXPLAIN (ANALYZE, BUFFERS) of the statements a call's service makes.
 */
import { readFileSync } from "node:fs";
import { appUserEndpoints, pathOf } from "@rewards/contract";
import autocannon from "autocannon";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Db } from "../apps/server/src/db/client.ts";
import * as schema from "../apps/server/src/db/schema/index.ts";
import type { Case } from "./cases.ts";

export type Measured = Case & { status: number; p50: number; p95: number; p99: number; totalCount?: string };

/** The call the load run repeats: the users list, first page, default sort. */
export const loadEndpoint = appUserEndpoints.list;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

/** `runs` timed calls one after another, after 3 warm-up calls; times are the client's (HTTP included). */
export async function measure(url: string, token: string, item: Case, runs: number): Promise<Measured> {
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

/** autocannon, 50 connections for `seconds`, on the users list; the server's RSS sampled every 200 ms. */
export async function loadRun(url: string, token: string, pid: number | undefined, seconds: number) {
  const samplesMb: number[] = [];
  const sample = () => {
    const mb = pid ? rssMb(pid) : undefined;
    if (mb !== undefined) samplesMb.push(mb);
  };
  sample();
  const timer = setInterval(sample, 200);
  const result = await autocannon({
    url: `${url}${pathOf(loadEndpoint)}`,
    method: loadEndpoint.method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ queryParams: { pageNumber: 1, pageSize: 10 } }),
    connections: 50,
    duration: seconds,
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
export async function explain(pool: pg.Pool, item: Case): Promise<string> {
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
