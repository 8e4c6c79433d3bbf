import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { executeNamed, limitInText, type SelectQuery } from "../db/prepared.ts";
import { seekFrom } from "./keyset.ts";
import { type BucketKind, bucketBounds } from "./list-buckets.ts";
import {
  cappedCount,
  type ListDefinition,
  type ListParams,
  type ListTotal,
  listClauses,
  runListStatement,
  totalOfPage,
} from "./list-query.ts";

/** Pages that start before this row read with a plain OFFSET: skipping 1,000 index entries costs ~0.1 ms. */
export const deepPageFrom = 1_000;

/**
 * A list's position index (table list_buckets, migration 0024): its name there, the kind of bucket of each
 * sort it counts (a text sort only when the list orders it in byte order, collation "C", which its buckets
 * keep), and the name in the index of each value of each enumerable filter. The triggers name them the
 * same way.
 */
export type PositionIndex<F, S extends string> = {
  list: string;
  sorts: Partial<Record<S, BucketKind>>;
  filters: { [K in keyof F]?: (value: NonNullable<F[K]>) => string };
};

/** How a page was read: a plain OFFSET, a seek from the position index, from the list's far end, or nothing. */
export type PagePath = "offset" | "buckets" | "reverse" | "end";

/**
 * A list's page read, built but not run: its rows, each with `total` selected as given (the position
 * index's count as a subquery, so a first page and its count are one statement; null when the count is
 * read apart). readListPage runs it, prepared under a name when the page's clauses allow (`named`).
 */
export type PageRead<R extends PageRow> = (page: PageClauses) => SelectQuery<R[]>;

export type PageClauses = {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The page's size, written into the statement's text (limitInText): for `.limit()`. */
  limit: number;
  offset: number;
  total: SQL<PageRow["total"]>;
};

export type PageRow = { total: number | string | null };

export type DeepPageOptions = {
  /** The first row a page must start at to read from the index (tests lower it). */
  deepFrom?: number;
  /** Told which way the page was read (tests assert it). */
  trace?: (path: PagePath) => void;
};

type Positions<F, S extends string> = { adminId: string; index: PositionIndex<F, S> };

/**
 * The index's filter name for this request: '' unfiltered, `name=value` for exactly one enumerable filter,
 * undefined when any other filter applies (the index does not count that set).
 */
function indexFilter<F extends object, S extends string>(
  params: ListParams<F, S>,
  index: PositionIndex<F, S>,
) {
  const applied = Object.entries(params.filter).filter(([, value]) => value !== undefined && value !== null);
  if (applied.length === 0) return "";
  if (applied.length > 1) return undefined;
  const [key, value] = applied[0] as [keyof F, never];
  return index.filters[key]?.(value);
}

type IndexKey = { adminId: string; list: string; sort: string; filter: string };

/**
 * The index's bucket rows of one (list, sort, filter) as a read sees them: list_buckets' and the moves not
 * yet folded into them (list_position_moves, migration 0037), which one statement sees either waiting or
 * folded, never both. Per bucket, summed by the caller.
 */
const indexBuckets = (key: IndexKey) =>
  sql`(select bucket, rows from list_buckets
    where admin_id = ${key.adminId} and list = ${key.list} and sort = ${key.sort} and filter = ${key.filter}
    union all select bucket, rows from list_position_moves(${key.adminId}, ${key.list}, ${key.sort}, ${key.filter}))`;

/** The exact number of rows of a (list, filter), as a scalar subquery: the totals' sort '' (bucket 0 only). */
const indexedTotalOf = (adminId: string, list: string, filter: string) =>
  sql<string>`(select coalesce(sum(rows), 0)::bigint from ${indexBuckets({ adminId, list, sort: "", filter })} as totals)`;

/**
 * indexedTotalOf as a statement of its own. Prepared (one shape): planning it cost PostgreSQL more than
 * running it, on every list call.
 */
async function indexedTotal(db: Db, adminId: string, list: string, filter: string) {
  const result = await executeNamed(
    db,
    "list_total",
    sql`select ${indexedTotalOf(adminId, list, filter)} as total`,
  );
  return Number((result.rows as Array<{ total: string | number }>)[0]?.total ?? 0);
}

/** A page read's `total` when the count is read apart (or not at all). */
export const totalApart = sql<null>`null`;

/**
 * The bucket holding the row at `position` (0-based) counting buckets in `order`, with the rows of the
 * buckets before it and its own. The running sum stops at the first bucket past the position, so it reads
 * the buckets up to it only.
 */
async function bucketAt(db: Db, where: IndexKey, order: "asc" | "desc", position: number) {
  const direction = order === "asc" ? sql`asc` : sql`desc`;
  const result = await executeNamed(
    db,
    "list_bucket_at",
    sql`select bucket, running - rows as before, rows from (
      select bucket, rows, sum(rows) over (order by bucket ${direction}) as running from (
        select bucket, sum(rows) as rows from ${indexBuckets(where)} as moved
        group by bucket having sum(rows) <> 0 order by bucket ${direction}
      ) as buckets
    ) as counted where running > ${position} order by bucket ${direction} limit 1`,
  );
  const row = (result.rows as Array<Record<string, string | number>>)[0];
  return row ? { bucket: Number(row.bucket), before: Number(row.before), rows: Number(row.rows) } : undefined;
}

/**
 * A page of a list (count and rows) at any depth, exact. Near the start: a plain OFFSET, with the position
 * index's count as a column of the same statement, or a capped count after it when the page is full (a page
 * that is not full counts itself). Deeper, the page's first
 * row is found, reading index entries only, then the page is read from it:
 * - sorted by a bucketed sort, unfiltered or by one enumerable filter: the position index says which bucket
 *   holds the row and how many rows come before it; the row is that many rows into the bucket, counted
 *   from whichever of the bucket's ends is nearer;
 * - otherwise, past the middle of an exactly counted list: counted back from the list's end;
 * - otherwise the first row is `position` rows into the list (an OFFSET over the row ids).
 */
export async function readListPage<F extends object, S extends string, R extends PageRow>(
  db: Db,
  table: PgTable,
  params: ListParams<F, S>,
  scope: SQL,
  definition: ListDefinition<F, S>,
  positions: Positions<F, S>,
  readPage: PageRead<R>,
  options: DeepPageOptions = {},
): Promise<ListTotal & { rows: R[] }> {
  const clauses = listClauses(params, scope, definition);
  const { adminId, index } = positions;
  const read = (page: Omit<PageClauses, "limit">) => {
    const query = readPage({ ...page, limit: limitInText(clauses.limit) });
    return runListStatement(clauses, `${index.list}_page`, query);
  };
  const filter = indexFilter(params, index);
  // The index counts the list unfiltered and by one enumerable filter; an export's batch takes its total
  // too (it needs none exact). Anything else is counted from the rows, up to the cap.
  const indexed = filter !== undefined || params.after !== undefined;
  const counted = async (): Promise<ListTotal> =>
    indexed
      ? { totalCount: await indexedTotal(db, adminId, index.list, filter ?? ""), totalCountKind: "exact" }
      : cappedCount(db, table, clauses.where);
  const position = clauses.offset;
  const nearStart = position < (options.deepFrom ?? deepPageFrom);
  if (params.after !== undefined) {
    // An export's batch: the position index's total, a key lookup, beside the rows.
    options.trace?.("offset");
    const [rows, total] = await Promise.all([read({ ...clauses, total: totalApart }), counted()]);
    return { ...total, rows };
  }
  if (nearStart && !indexed) {
    // A count made from the rows costs about what the page does (an e-mail search reads the same index
    // twice), so the page comes first: one that is not full ends the list, and its rows are the count.
    options.trace?.("offset");
    const rows = await read({ ...clauses, total: totalApart });
    if (rows.length < clauses.limit && (rows.length > 0 || position === 0))
      return { totalCount: position + rows.length, totalCountKind: "exact", rows };
    return { ...(await counted()), rows };
  }
  if (nearStart) {
    // The index's total is a key lookup: a column of the page's statement, one round trip for both.
    options.trace?.("offset");
    const indexFilterName = filter ?? "";
    const rows = await read({ ...clauses, total: indexedTotalOf(adminId, index.list, indexFilterName) });
    const totalCount = await totalOfPage(rows, position === 0, () =>
      indexedTotal(db, adminId, index.list, indexFilterName),
    );
    return { totalCount, totalCountKind: "exact", rows };
  }
  const total = await counted();
  const exact = total.totalCountKind === "exact";
  if (exact && position >= total.totalCount) {
    options.trace?.("end");
    return { ...total, rows: [] };
  }
  const sort = definition.sorts[params.sortField];
  const order = params.sortOrder;
  const reverse = order === "asc" ? "desc" : "asc";
  const byOrder = (direction: "asc" | "desc") => {
    const by = direction === "asc" ? asc : desc;
    return [by(sort), by(definition.tiebreaker)];
  };
  // The id of the row `skip` rows into `direction`'s order from `bound` on, reading index entries only.
  const idAt = async (direction: "asc" | "desc", bound: SQL | undefined, skip: number) => {
    const [row] = await db
      .select({ id: sql<string>`${definition.tiebreaker}` })
      .from(table)
      .where(and(clauses.where, bound))
      .orderBy(...byOrder(direction))
      .limit(1)
      .offset(skip);
    return row?.id;
  };
  const kind = index.sorts[params.sortField];
  let first: string | undefined;
  if (kind && filter !== undefined && exact) {
    options.trace?.("buckets");
    // Count from the nearer end of the list, then from the nearer end of the bucket.
    const fromStart = position < total.totalCount / 2;
    const counting = fromStart ? order : reverse;
    const target = fromStart ? position : total.totalCount - 1 - position;
    const found = await bucketAt(
      db,
      { adminId, list: index.list, sort: params.sortField, filter },
      counting,
      target,
    );
    if (found) {
      const { lo, hi } = bucketBounds(kind, found.bucket);
      const into = target - found.before;
      const fromLow = (counting === "asc") === into <= (found.rows - 1) / 2;
      const skip = into <= (found.rows - 1) / 2 ? into : found.rows - 1 - into;
      first = fromLow
        ? await idAt("asc", sql`${sort} >= ${lo}`, skip)
        : await idAt("desc", hi && sql`${sort} < ${hi}`, skip);
    }
  } else if (exact && position >= total.totalCount / 2) {
    options.trace?.("reverse");
    first = await idAt(reverse, undefined, total.totalCount - 1 - position);
  } else {
    // Still a skip of `position` rows, but over index entries only when the index covers the filter.
    options.trace?.("offset");
    first = await idAt(order, undefined, position);
  }
  if (first === undefined) return { ...total, rows: [] };
  const rows = await read({
    where: and(clauses.where, seekFrom(sort, definition.tiebreaker, first, order)),
    orderBy: clauses.orderBy,
    offset: 0,
    total: totalApart,
  });
  return { ...total, rows };
}
