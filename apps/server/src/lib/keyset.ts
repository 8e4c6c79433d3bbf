import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * Keyset paging: the rows that come after the row `afterId` in a list's order (`sort` then the unique
 * `tiebreaker`, both in `order`), as one row comparison the list's (…, sort, tiebreaker) index seeks to,
 * instead of an OFFSET that reads and drops every earlier row. The last row's sort value is read back by
 * its id in the same statement, so it is exact (a timestamp keeps its microseconds). Sort columns are
 * NOT NULL: a null would make the comparison unknown and end the reading there.
 */
export function seekAfter(
  sort: AnyPgColumn | SQL,
  tiebreaker: AnyPgColumn,
  afterId: string,
  order: "asc" | "desc",
): SQL {
  return seek(sort, tiebreaker, afterId, order === "asc" ? sql`>` : sql`<`);
}

/**
 * The rows from the row `fromId` on (it included) in the list's order: where a deep page starts once
 * its first row is found (lib/deep-page.ts).
 */
export function seekFrom(
  sort: AnyPgColumn | SQL,
  tiebreaker: AnyPgColumn,
  fromId: string,
  order: "asc" | "desc",
): SQL {
  return seek(sort, tiebreaker, fromId, order === "asc" ? sql`>=` : sql`<=`);
}

/**
 * `(sort, tiebreaker) <comparison> (the row's sort value, its id)`, the row's value read by its id from
 * the tiebreaker's table (the sort is a column or an expression of that table).
 */
function seek(sort: AnyPgColumn | SQL, tiebreaker: AnyPgColumn, id: string, comparison: SQL): SQL {
  const value = sql`(select ${sort} from ${tiebreaker.table} where ${tiebreaker} = ${id})`;
  return sql`(${sort}, ${tiebreaker}) ${comparison} (${value}, ${id})`;
}
