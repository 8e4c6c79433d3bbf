import { catalogPageSizes, pageSizes, type TotalCountKind } from "@rewards/contract";
import { and, asc, count, desc, like, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { executeSelectNamed, type SelectQuery } from "../db/prepared.ts";
import { seekAfter } from "./keyset.ts";

export type ListParams<F, S extends string> = {
  filter: F;
  sortField: S;
  sortOrder: "asc" | "desc";
  pageNumber: number;
  pageSize: number;
  /** Keyset paging (exports): the rows after this id in the list's order; pageNumber is then ignored. */
  after?: string | undefined;
};

/** One SQL condition per filter key; the contract's strict filter schema has already refused other keys. */
export type FilterConditions<F> = { [K in keyof F]-?: (value: NonNullable<F[K]>) => SQL | undefined };

export type ListDefinition<F, S extends string> = {
  filters: FilterConditions<F>;
  /** A column, or an expression of one (a text column in byte order: `collate "C"`). */
  sorts: Record<S, AnyPgColumn | SQL>;
  /** A unique column that makes every order total, so pages never repeat or skip a row. */
  tiebreaker: AnyPgColumn;
  /**
   * The filters by text typed to search (a part of an e-mail, a prefix of an IP): how many rows match,
   * and so the best plan, depends on the text, so a page they filter is planned for it on every call.
   */
  searches?: readonly (keyof F)[];
};

/**
 * The page sizes the dashboard offers: a first page of one of them, with no search, runs as a prepared
 * statement (`named`). Another size is planned on every call, so a client sending every size from 1 to
 * 100 cannot take the names a process gives out.
 */
const namedPageSizes: ReadonlySet<number> = new Set([...pageSizes, ...catalogPageSizes]);

/**
 * queryParams → WHERE, ORDER BY, LIMIT and OFFSET through a resource's allow-list. `scope` is the tenant
 * condition every list starts from (every index leads with admin_id).
 */
export function listClauses<F extends object, S extends string>(
  params: ListParams<F, S>,
  scope: SQL,
  definition: ListDefinition<F, S>,
) {
  const conditions = [scope];
  let searched = false;
  for (const [key, value] of Object.entries(params.filter)) {
    if (value === undefined || value === null) continue;
    if (definition.searches?.includes(key as keyof F)) searched = true;
    const condition = definition.filters[key as keyof F](value as never);
    if (condition) conditions.push(condition);
  }
  const direction = params.sortOrder === "asc" ? asc : desc;
  const sort = definition.sorts[params.sortField];
  const filtered = conditions.length > 1;
  if (params.after !== undefined)
    conditions.push(seekAfter(sort, definition.tiebreaker, params.after, params.sortOrder));
  const offset = params.after === undefined ? (params.pageNumber - 1) * params.pageSize : 0;
  return {
    where: and(...conditions),
    orderBy: [direction(sort), direction(definition.tiebreaker)],
    limit: params.pageSize,
    offset,
    /**
     * Whether the page may run as a statement prepared under a name (executeSelectNamed), its plan kept:
     * a first page (an OFFSET sent as a value makes PostgreSQL plan for a tenth of the rows, and plan
     * again every call), no search, one of the dashboard's page sizes, not an export's batch. Its size is
     * then written into the text (`limitInText`) for the same reason.
     */
    named: offset === 0 && params.after === undefined && !searched && namedPageSizes.has(params.pageSize),
    /**
     * Whether the count must be made from the rows: a filter applies and this is a page. A keyset read
     * (an export's batch) needs no count, so it takes the kept total's single cheap query.
     */
    filtered: filtered && params.after === undefined,
  };
}

/**
 * Runs one of a page's statements (its rows, its count): prepared under a name made from its text when
 * the page's clauses allow it (`named`), else planned for its values.
 */
export function runListStatement<T>(clauses: { named: boolean }, prefix: string, query: SelectQuery<T>) {
  return clauses.named ? executeSelectNamed(query, prefix) : query;
}

/**
 * A page's rows and its count, read side by side, each run by runListStatement (`<list>_page_N`,
 * `<list>_count_N` when named): for the lists that count their rows in a statement of their own.
 */
export function pageAndCount<P, C>(
  clauses: { named: boolean },
  list: string,
  page: SelectQuery<P>,
  count: SelectQuery<C>,
) {
  return Promise.all([
    runListStatement(clauses, `${list}_page`, page),
    runListStatement(clauses, `${list}_count`, count),
  ]);
}

export const countAll = () => ({ value: count() });

/**
 * The total of a page whose statement selected the list's count as a column (`total`, an uncorrelated
 * subquery): read from its first row. A page without rows brings none: a first page is then an empty
 * list; a later one (past the end) asks `countAlone`.
 */
export async function totalOfPage(
  rows: { total: number | string | null }[],
  firstPage: boolean,
  countAlone: () => Promise<number>,
): Promise<number> {
  const [first] = rows;
  if (first) return Number(first.total);
  return firstPage ? 0 : countAlone();
}

/** Escapes LIKE's wildcards in user text, so "50%" searches for "50%". */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * `column LIKE 'prefix%'`, plus the same as a range on text_pattern_ops (~>=~, ~<~) so that the index
 * serves it even in a generic prepared plan, where LIKE with a parameter cannot use it. The upper bound
 * appends U+FFFF, above every character of addresses and ids.
 */
export function prefixRange(column: AnyPgColumn, prefix: string): SQL {
  return sql`(${column} ~>=~ ${prefix} and ${column} ~<~ ${`${prefix}\uffff`} and ${like(column, `${likeEscape(prefix)}%`)})`;
}

/**
 * Lists that can hold millions of rows count exactly up to this many, then estimate (decision 0016): counting
 * 1,000 index entries takes about a millisecond, 10,000 with row visits (a filter the index lacks) 40.
 */
export const countCap = 1_000;

export type ListTotal = { totalCount: number; totalCountKind: TotalCountKind };

/**
 * totalCount for a list that may be big, in a few milliseconds whatever its size: the rows the filter
 * matches are counted up to countCap; past it, the planner's estimate answers ("about N") when it is
 * above the cap, else the cap itself ("N+"). `exactTotal` gives an exact count kept elsewhere (the
 * tenant's activity totals), used when no filter applies.
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  options: { exactTotal?: (() => Promise<number>) | undefined; cap?: number } = {},
): Promise<ListTotal> {
  const { exactTotal, cap = countCap } = options;
  if (exactTotal) return { totalCount: await exactTotal(), totalCountKind: "exact" };
  // Query builders change in place (limit), so each query gets its own.
  const matching = () => db.select({ one: sql`1` }).from(table).where(where);
  const [counted] = await db.select({ value: count() }).from(
    matching()
      .limit(cap + 1)
      .as("capped"),
  );
  const value = counted?.value ?? 0;
  if (value <= cap) return { totalCount: value, totalCountKind: "exact" };
  const estimate = await plannedRows(db, matching());
  return estimate > cap
    ? { totalCount: estimate, totalCountKind: "estimate" }
    : { totalCount: cap, totalCountKind: "atLeast" };
}

/** The planner's row estimate for a query (EXPLAIN without running it). */
async function plannedRows(db: Db, query: SQL | { getSQL(): SQL }): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const plan = rows[0]?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as Array<{
    Plan: { "Plan Rows": number };
  }>;
  return Math.round(parsed[0]?.Plan["Plan Rows"] ?? 0);
}
