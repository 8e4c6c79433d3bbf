import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * Rows of `table` sent as one jsonb value and read back by `jsonb_to_recordset(…) as r (definition)`, so a
 * statement that writes any number of rows keeps one text, prepared once. `keys`: the row's keys, in the
 * order of `names` and `definition`; a key left out of the row is sent as null (not its column's
 * default). `record(row)`: the row as that JSON (each value as its column's driver value; json columns as
 * they are, not as text).
 */
export function jsonRows<T extends PgTable>(table: T, keys: readonly (keyof T["$inferInsert"] & string)[]) {
  const columns = getTableColumns(table);
  const picked = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return { key, column, json: column.columnType === "PgJsonb" || column.columnType === "PgJson" };
  });
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return {
    names: sql.raw(picked.map(({ column }) => quoted(column.name)).join(", ")) as SQL,
    definition: sql.raw(
      picked.map(({ column }) => `${quoted(column.name)} ${column.getSQLType()}`).join(", "),
    ) as SQL,
    record(row: T["$inferInsert"]): Record<string, unknown> {
      const values = row as Record<string, unknown>;
      const record: Record<string, unknown> = {};
      for (const { key, column, json } of picked) {
        const value = values[key];
        record[column.name] = value == null ? null : json ? value : column.mapToDriverValue(value);
      }
      return record;
    },
  };
}
