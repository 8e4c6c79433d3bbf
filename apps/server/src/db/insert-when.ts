import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { type Bind, bindNow } from "./prepared.ts";

/**
 * A row's column names and values, each value as its column's driver value, bound by `bind` (named
 * `<table>_<key>`) and cast to the column's type, which VALUES would have inferred from the target columns
 * but a SELECT does not. A key left undefined is left out (its column's default), so with bindLater the
 * keys a row gives are part of its statement's shape.
 */
function columnsAndValues<T extends PgTable>(table: T, row: T["$inferInsert"], bind: Bind) {
  const columns = getTableColumns(table);
  const tableName = getTableName(table);
  const names: SQL[] = [];
  const values: SQL[] = [];
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    if (value === undefined) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    const driverValue = value === null ? null : column.mapToDriverValue(value);
    values.push(sql`${bind(`${tableName}_${key}`, driverValue)}::${sql.raw(column.getSQLType())}`);
  }
  return { names: sql.join(names, sql`, `), values: sql.join(values, sql`, `) };
}

/**
 * The INSERT of one row that writes it only when `condition` holds (INSERT … SELECT … WHERE), as a WITH
 * item of a statement whose other items decide it.
 */
export function insertWhen<T extends PgTable>(
  table: T,
  row: T["$inferInsert"],
  condition: SQL,
  bind: Bind = bindNow,
): SQL {
  const { names, values } = columnsAndValues(table, row, bind);
  return sql`insert into ${table} (${names}) select ${values} where ${condition}`;
}

/** The INSERT of one row, for a statement to go on with (ON CONFLICT, RETURNING). */
export function insertRow<T extends PgTable>(table: T, row: T["$inferInsert"], bind: Bind = bindNow): SQL {
  const { names, values } = columnsAndValues(table, row, bind);
  return sql`insert into ${table} (${names}) values (${values})`;
}
