import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { defaultDatabasePoolSize } from "../config.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  /** Applies the committed drizzle-kit migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as one file, to start copies from. */
  dumpImage?: () => Promise<Blob | File>;
  /** PostgreSQL only: the pool's connections now (the metrics read it). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export const migrationsFolder = new URL("./migrations", import.meta.url).pathname;
// Any constant works: it only keeps two processes from migrating the same PostgreSQL at once.
const migrationLockKey = 7_302_114;

/**
 * PGlite in a directory, or in memory when dataDir is undefined (tests); `image` starts an in-memory
 * database from a dump of another (PGlite's dumpDataDir).
 */
export async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
  // Loaded only when used: PGlite's module alone adds about 40 MB to a server that runs on PostgreSQL.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ],
  );
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(image ? { loadDataDir: image } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
    },
    close: () => client.close(),
    dumpImage: async () => client.dumpDataDir("gzip"),
  };
}

/**
 * Limits for the server's connections, so no request hangs on the database: a statement running past
 * 30 s is cancelled, and a transaction left idle for a minute is ended (and its locks freed). Commands
 * (seed, admin) run without them: a bulk load may rightly take longer.
 */
export const serverStatementLimits = { statementTimeoutMs: 30_000, idleInTransactionTimeoutMs: 60_000 };

export type PostgresOptions = {
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** Connections at most (DATABASE_POOL_SIZE). */
  poolSize?: number;
};

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? defaultDatabasePoolSize,
    // While the database is away a request waits at most this long for a connection, then answers 503.
    connectionTimeoutMillis: 5000,
    // Notices a peer that vanished without closing the connection (a crashed host, a cut network).
    keepAlive: true,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  // Nor may a checked-out one that loses it between two queries (a restart ends every session with
  // 57P01): node-postgres emits that on the client, where no listener means an uncaught exception. The
  // query under way fails instead, the request answers 503, and the pool drops the broken client.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Db;
  sessionSources.set(db, () => pool.connect());
  return {
    db,
    driver: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      const client = await pool.connect();
      try {
        // An index built on a large table may take minutes: no statement limit while migrating.
        await client.query("set statement_timeout = 0");
        await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
        await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
        await client.query("reset statement_timeout").catch(() => {});
        client.release();
      }
    },
    // pool.end() waits for every checked-out connection. After PostgreSQL restarts under load, one
    // connection is now and then never handed back (seen in the restart fault test), and the wait would
    // never end: give up after a while, so a shutdown always finishes.
    close: () =>
      Promise.race([pool.end(), new Promise<void>((resolve) => setTimeout(resolve, poolEndWaitMs).unref())]),
  };
}

const poolEndWaitMs = 10_000;

// Each PostgreSQL Db's pool, for what needs one session of its own (a lock held for as long as it lives).
const sessionSources = new WeakMap<Db, () => Promise<pg.PoolClient>>();

/**
 * PostgreSQL only: checks out a connection of the db's pool for the caller alone, who must release it
 * (`release(true)` ends its session). Undefined on PGlite, whose one process needs no locks between
 * processes.
 */
export function sessionSourceOf(db: Db): (() => Promise<pg.PoolClient>) | undefined {
  return sessionSources.get(db);
}

/**
 * A Db that stands for whichever database is current (the read replica's readDb, which falls back to the
 * primary) answers that database under this key; `databaseNow` sees through it. What is kept per database
 * (prepared statements) must be keyed by the database itself, or it would keep using the one that was
 * current when it was built.
 */
export const currentDatabase = Symbol("currentDatabase");

export function databaseNow(db: Db): Db {
  return (db as { [currentDatabase]?: Db })[currentDatabase] ?? db;
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
