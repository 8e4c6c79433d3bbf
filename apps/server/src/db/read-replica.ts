import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import pg from "pg";
import { defaultDatabasePoolSize } from "../config.ts";
import type { Db } from "./client.ts";
import { currentDatabase, serverStatementLimits } from "./client.ts";
import * as schema from "./schema/index.ts";

/** What the metrics and the start-up banner say about the replica. */
export type ReplicaState = {
  /** True while reads go to the replica; false while they fall back to the primary. */
  inUse: boolean;
  /** How far replay trails the primary, in seconds, at the last check (null before one answered). */
  lagSeconds: number | null;
};
export type ReplicaStatus = () => ReplicaState;

type Log = { info(message: string): void; warn(message: string): void };

export type ReadReplica = {
  /** The replica's Db while it answers, else the primary's: the reads that may be a little behind use it. */
  readDb: Db;
  status: ReplicaStatus;
  /** Checks the replica now (also done every checkMs) and switches the reads accordingly. */
  check(): Promise<void>;
  /** Where the replica's changes of state are written; the server's log once it has one. */
  setLog(log: Log): void;
  close(): Promise<void>;
};

export type ReadReplicaOptions = {
  /** How often the replica is checked; 5 s by default. */
  checkMs?: number;
  /** Connections of this process to the replica (DATABASE_POOL_SIZE, as to the primary). */
  poolSize?: number;
};

type Rows<T> = { rows: T[] };

/**
 * Opens DATABASE_READ_URL beside the primary. Its sessions are read-only (a write sent there by mistake
 * fails instead of landing on a copy) and have the primary's statement limits. A replica that does not
 * answer must not take the API down with it: it is checked every few seconds, and while it fails, or
 * the moment one of its idle connections is cut, `readDb` is the primary's Db, until a check succeeds.
 */
export async function openReadReplica(
  url: string,
  primary: Db,
  options: ReadReplicaOptions = {},
): Promise<ReadReplica> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? defaultDatabasePoolSize,
    // Short: while the replica is away, a request waits this long at most before the check switches over.
    connectionTimeoutMillis: 2000,
    keepAlive: true,
    options: "-c default_transaction_read_only=on",
    statement_timeout: serverStatementLimits.statementTimeoutMs,
    idle_in_transaction_session_timeout: serverStatementLimits.idleInTransactionTimeoutMs,
  });
  const replicaDb = drizzleNodePostgres({ client: pool, schema }) as unknown as Db;
  let log: Log = { info: () => {}, warn: () => {} };
  const state: ReplicaState = { inUse: false, lagSeconds: null };
  let checking: Promise<void> | undefined;
  let closed = false;

  const check = () => {
    checking ??= lagOf(replicaDb)
      .then(
        (lagSeconds) => {
          state.lagSeconds = lagSeconds;
          if (!state.inUse && !closed)
            log.info("read replica answers: analytics, exports and the dashboard read it");
          state.inUse = !closed;
        },
        (error: Error) => {
          if (state.inUse) log.warn(`read replica unreachable, reading from the primary: ${error.message}`);
          state.inUse = false;
        },
      )
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
  // An idle connection that loses the replica (a restart, a failover) switches the reads at once.
  pool.on("error", () => {
    state.inUse = false;
    void check();
  });
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });

  await check();
  const timer = setInterval(() => void check(), options.checkMs ?? 5000);
  timer.unref();

  const current = () => (state.inUse ? replicaDb : primary);
  // One object the routes keep, whose every property is read from whichever database is current.
  const readDb = new Proxy({} as Db, {
    get(_target, property) {
      const target = current();
      if (property === currentDatabase) return target;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });

  return {
    readDb,
    status: () => ({ ...state }),
    check,
    setLog(next) {
      log = next;
    },
    async close() {
      closed = true;
      state.inUse = false;
      clearInterval(timer);
      await checking;
      await Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
    },
  };
}

/**
 * The replica's replay lag in seconds: 0 when it has replayed all it received (an idle primary sends
 * nothing, and the time since the last replayed commit would grow forever), and 0 for a database that is
 * not a standby at all.
 */
async function lagOf(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    select case
      when not pg_is_in_recovery() then 0
      when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
      else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
    end::float as lag`)) as unknown as Rows<{ lag: number }>;
  return Math.max(0, result.rows[0]?.lag ?? 0);
}
