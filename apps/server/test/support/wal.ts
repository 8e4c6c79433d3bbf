import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.ts";

/**
 * Where the database's write-ahead log stands: the insert position, which moves with every WAL record at
 * once, where the write position (pg_current_wal_lsn) lags behind a commit made with
 * synchronous_commit = off.
 */
export async function walInsertPosition(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`)) as unknown as {
    rows: { lsn: string }[];
  };
  return result.rows[0]?.lsn ?? "";
}
