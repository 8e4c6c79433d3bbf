import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * The INSERT of one row that writes it only when `condition` holds (INSERT … SELECT … WHERE), as a WITH
 * item of a statement whose other items decide it. Each value is cast to its column's type, which VALUES
 * would have inferred from the target columns but a SELECT does not.
 */
export function insertWhen<T extends PgTable>(table: T, row: T["$inferInsert"], condition: SQL): SQL {
  const columns = getTableColumns(table);
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    if (value === undefined) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    const driverValue = value === null ? null : column.mapToDriverValue(value);
    values.push(sql`${driverValue}::${sql.raw(column.getSQLType())}`);
  }
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(values, sql`, `)} where ${condition}`;
}
