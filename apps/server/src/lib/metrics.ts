import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client.ts";
import type { ReplicaStatus } from "../db/read-replica.ts";
import type { RoundOutcome } from "./polling-worker.ts";
import type { RequestAdmission } from "./request-admission.ts";

/** What a PostgreSQL pool says about its connections; PGlite has none. */
export type PoolStats = () => { total: number; idle: number; waiting: number };

type Rows<T> = { rows: T[] };

/**
 * The server's Prometheus metrics, in a registry of its own (one per app: tests build many in one
 * process). Made only when METRICS_TOKEN is set, so an installation that does not scrape pays nothing per
 * request. Figures read from the database (outbox depth and age, the offers' rollup queue) are read when
 * scraped, through the outbox's partial index of unsent rows and from the queue (a few pages, vacuumed
 * every second).
 */
export function createMetrics(
  db: Db,
  poolStats?: PoolStats,
  replicaStatus?: ReplicaStatus,
  admission?: Pick<RequestAdmission, "running" | "waiting">,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestSeconds = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route pattern, method and status code",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const postbacks = new Counter({
    name: "postbacks_total",
    help: "Postbacks received, by network and outcome (credited, duplicate, refused…)",
    labelNames: ["network", "outcome"] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Rounds of the background jobs (mail outbox, payouts, hold release), by job and outcome (ok, error, skipped: another process ran the tick)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: "job_run_duration_seconds",
    help: "Time a background job's round took",
    labelNames: ["job"] as const,
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 30, 120],
    registers: [registry],
  });
  // A scrape collects every metric at once: the two outbox gauges share one read of the database.
  let outboxRead: ReturnType<typeof readOutbox> | undefined;
  const readOutboxOnce = () => {
    outboxRead ??= readOutbox(db).finally(() => {
      outboxRead = undefined;
    });
    return outboxRead;
  };
  new Gauge({
    name: "mail_outbox_pending",
    help: "E-mails queued or being sent",
    registers: [registry],
    async collect() {
      this.set((await readOutboxOnce()).count);
    },
  });
  new Gauge({
    name: "mail_outbox_oldest_pending_seconds",
    help: "Age of the oldest e-mail still queued or being sent (0 when none)",
    registers: [registry],
    async collect() {
      this.set((await readOutboxOnce()).oldestSeconds);
    },
  });
  // The rollup worker's queues: how many rows wait for its next fold.
  const queueDepth = (name: string, help: string, table: "offer_rollup_changes" | "list_position_changes") =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const result = (await db.execute(
          sql`select count(*)::int as count from ${sql.identifier(table)}`,
        )) as unknown as Rows<{ count: number }>;
        this.set(result.rows[0]?.count ?? 0);
      },
    });
  queueDepth(
    "offer_rollup_changes_pending",
    "Completed offers' changes queued for the dashboard's and analytics' rollups (folded every second and before each of their reads)",
    "offer_rollup_changes",
  );
  queueDepth(
    "list_position_changes_pending",
    "Rows' moves queued for the lists' position index (folded every second; every list read adds them)",
    "list_position_changes",
  );
  if (poolStats) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (in use, idle) and requests waiting for one",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: "in_use" }, stats.total - stats.idle);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }

  if (admission) {
    new Gauge({
      name: "http_requests_in_process",
      help: "Calls this process works on (running) and calls waiting for their turn (waiting; past REQUEST_QUEUE_TIMEOUT_MS they answer 503)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "running" }, admission.running);
        this.set({ state: "waiting" }, admission.waiting);
      },
    });
  }

  if (replicaStatus) {
    // From the replica's last check (every few seconds), not a query per scrape.
    new Gauge({
      name: "db_replica_lag_seconds",
      help: "How far the read replica's replay trails the primary (0 when it has replayed all it received)",
      registers: [registry],
      collect() {
        this.set(replicaStatus().lagSeconds ?? 0);
      },
    });
    new Gauge({
      name: "db_replica_in_use",
      help: "1 while analytics, exports and the dashboard read the replica; 0 while they fall back to the primary",
      registers: [registry],
      collect() {
        this.set(replicaStatus().inUse ? 1 : 0);
      },
    });
  }

  return {
    registry,
    /** A request answered: its route pattern (never the raw URL, which would make a series per id). */
    observeRequest(route: string, method: string, status: number, seconds: number) {
      requestSeconds.observe({ route, method, status: String(status) }, seconds);
    },
    countPostback(network: string, outcome: string) {
      postbacks.inc({ network, outcome });
    },
    observeJobRound(job: string, outcome: RoundOutcome, seconds: number) {
      jobRuns.inc({ job, outcome });
      // A skipped round did no work: its time would only drag the histogram down.
      if (outcome !== "skipped") jobSeconds.observe({ job }, seconds);
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

async function readOutbox(db: Db): Promise<{ count: number; oldestSeconds: number }> {
  const result = (await db.execute(sql`
    select count(*)::int as count,
      coalesce(extract(epoch from now() - min(created_at)), 0)::float as oldest
    from mail_outbox where status in ('queued', 'sending')`)) as unknown as Rows<{
    count: number;
    oldest: number;
  }>;
  const [row] = result.rows;
  return { count: row?.count ?? 0, oldestSeconds: row?.oldest ?? 0 };
}
