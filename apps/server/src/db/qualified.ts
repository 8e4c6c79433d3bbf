import { getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A column named with its table ("table"."column"), for a subquery that refers to its outer query:
 * drizzle names columns bare in a query of one table, where inside the subquery they would name the
 * subquery's own table.
 */
export const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * Columns selected under the names given (`"offer_name" as "offerName"`), so a subquery read as JSON
 * (`json_agg`, `row_to_json`) has the answer's field names as its keys.
 */
export function named<T extends Record<string, AnyPgColumn>>(columns: T) {
  return Object.fromEntries(
    Object.entries(columns).map(([name, column]) => [name, sql`${column}`.as(name)]),
  ) as { [K in keyof T]: SQL.Aliased<T[K]["_"]["data"]> };
}
