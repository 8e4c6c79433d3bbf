import { sql } from "drizzle-orm";
import type { Db } from "../../../src/db/client.ts";
import { walInsertPosition } from "../../support/wal.ts";

type Rows<T> = { rows: T[] };

/** Every table of the public schema, found at run time so a new table is covered without a change. */
async function tableNames(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`)) as unknown as Rows<{ table_name: string }>;
  return result.rows.map((row) => row.table_name);
}

/**
 * Columns that any signed-in request may move, by design: a session's "last seen" is written (at most
 * once a minute) by reads and refusals alike, so it is left out of the checksums.
 */
const bookkeepingColumns: Record<string, string[]> = { admin_sessions: ["last_seen_at"] };

async function columnNames(db: Db, table: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table}
    order by ordinal_position`)) as unknown as Rows<{ column_name: string }>;
  return result.rows.map((row) => row.column_name);
}

/**
 * An md5 of each table's rows (every column, in a fixed order), in one statement: two snapshots differ
 * exactly when some row was added, removed or changed.
 */
export async function createTableChecksums(db: Db) {
  const tables = await tableNames(db);
  const rowText = async (table: string) => {
    const skipped = bookkeepingColumns[table];
    if (!skipped) return "t::text";
    const kept = (await columnNames(db, table)).filter((column) => !skipped.includes(column));
    return `row(${kept.map((column) => `t."${column}"`).join(", ")})::text`;
  };
  const parts: string[] = [];
  for (const table of tables) {
    const row = await rowText(table);
    parts.push(
      `select '${table}' as name, md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as sum from "${table}" t`,
    );
  }
  const query = parts.join(" union all ");
  return {
    tables,
    async snapshot(): Promise<Map<string, string>> {
      const result = (await db.execute(sql.raw(query))) as unknown as Rows<{ name: string; sum: string }>;
      return new Map(result.rows.map((row) => [row.name, row.sum]));
    },
  };
}

/** The tables whose checksum differs between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}

/**
 * Which tables changed since the previous call. Every row change writes the write-ahead log, so while the
 * WAL position stays put nothing changed and the checksums are not recomputed; when it moved (a write, or
 * any other database on the same server), the checksums say what changed.
 */
export async function createChangeDetector(db: Db) {
  const checksums = await createTableChecksums(db);
  const walPosition = () => walInsertPosition(db);
  let position = await walPosition();
  let sums = await checksums.snapshot();
  return {
    tables: checksums.tables,
    async changes(): Promise<string[]> {
      const now = await walPosition();
      if (now === position) return [];
      const next = await checksums.snapshot();
      const changed = changedTables(sums, next);
      position = now;
      sums = next;
      return changed;
    },
  };
}
