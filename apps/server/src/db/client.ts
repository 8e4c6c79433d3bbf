import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
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
};

const migrationsFolder = new URL("./migrations", import.meta.url).pathname;
// Any constant works: it only keeps two processes from migrating the same PostgreSQL at once.
const migrationLockKey = 7_302_114;

/**
 * PGlite in a directory, or in memory when dataDir is undefined (tests); `image` starts an in-memory
 * database from a dump of another (PGlite's dumpDataDir).
 */
export async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
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

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 20, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzleNodePostgres({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [migrationLockKey]);
        await migrateNodePostgres(drizzleNodePostgres({ client, schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [migrationLockKey]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
