import { and, asc, count, desc, like, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export type ListParams<F, S extends string> = {
  filter: F;
  sortField: S;
  sortOrder: "asc" | "desc";
  pageNumber: number;
  pageSize: number;
};

/** One SQL condition per filter key; the contract's strict filter schema has already refused other keys. */
export type FilterConditions<F> = { [K in keyof F]-?: (value: NonNullable<F[K]>) => SQL | undefined };

export type ListDefinition<F, S extends string> = {
  filters: FilterConditions<F>;
  sorts: Record<S, AnyPgColumn>;
  /** A unique column that makes every order total, so pages never repeat or skip a row. */
  tiebreaker: AnyPgColumn;
};

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
  for (const [key, value] of Object.entries(params.filter)) {
    if (value === undefined || value === null) continue;
    const condition = definition.filters[key as keyof F](value as never);
    if (condition) conditions.push(condition);
  }
  const direction = params.sortOrder === "asc" ? asc : desc;
  return {
    where: and(...conditions),
    orderBy: [direction(definition.sorts[params.sortField]), direction(definition.tiebreaker)],
    limit: params.pageSize,
    offset: (params.pageNumber - 1) * params.pageSize,
  };
}

export const countAll = () => ({ value: count() });

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
