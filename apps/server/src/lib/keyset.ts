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
  sort: AnyPgColumn,
  tiebreaker: AnyPgColumn,
  afterId: string,
  order: "asc" | "desc",
): SQL {
  const last = sql`(select ${sort} from ${sort.table} where ${tiebreaker} = ${afterId})`;
  return order === "asc"
    ? sql`(${sort}, ${tiebreaker}) > (${last}, ${afterId})`
    : sql`(${sort}, ${tiebreaker}) < (${last}, ${afterId})`;
}

/**
 * The rows from the row `fromId` on (it included) in the list's order: where a deep page starts once
 * its first row is found (lib/deep-page.ts).
 */
export function seekFrom(
  sort: AnyPgColumn,
  tiebreaker: AnyPgColumn,
  fromId: string,
  order: "asc" | "desc",
): SQL {
  const first = sql`(select ${sort} from ${sort.table} where ${tiebreaker} = ${fromId})`;
  return order === "asc"
    ? sql`(${sort}, ${tiebreaker}) >= (${first}, ${fromId})`
    : sql`(${sort}, ${tiebreaker}) <= (${first}, ${fromId})`;
}
