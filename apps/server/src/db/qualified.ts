import { getTableName, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * A column named with its table ("table"."column"), for a subquery that refers to its outer query:
 * drizzle names columns bare in a query of one table, where inside the subquery they would name the
 * subquery's own table.
 */
export const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
