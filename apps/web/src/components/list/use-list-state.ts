import { defaultPageSize, idSchema, pageSizes as listPageSizes } from "@rewards/contract";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

export type SortOrder = "asc" | "desc";
export type SortState<S extends string> = { sortField: S; sortOrder: SortOrder };

/** One filter kept in the URL: free text, or one of `values` (anything else falls back to `default`). */
export type FilterSpec = { values?: readonly string[]; default?: string };

export type ListStateConfig<S extends string, F> = {
  /** URL key → spec. The keys must not be `page`, `pageSize`, `sortField` or `sortOrder`. */
  filters: Record<string, FilterSpec>;
  sortFields: readonly S[];
  /** The neutral sort: what the server applies when no column is sorted explicitly. */
  defaultSort: SortState<S>;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** The wire filter from the URL's filter values; null when they cannot be sent (nothing is queried). */
  toFilter: (values: Record<string, string>) => F | null;
};

export type QueryParams<S extends string, F> = {
  filter: F;
  sortField: S;
  sortOrder: SortOrder;
  pageNumber: number;
  pageSize: number;
};

const pageKey = "page";
const pageSizeKey = "pageSize";
const sortFieldKey = "sortField";
const sortOrderKey = "sortOrder";
/** The hidden columns' keys, comma-separated: part of a link and of a saved view. */
export const hideKey = "hide";

/** The column keys listed in a `hide` value, without blanks or repeats. */
export function readHidden(text: string): string[] {
  const keys = text.split(",").map((key) => key.trim());
  return [...new Set(keys.filter(Boolean))];
}

function positiveInt(text: string | null): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

/** The explicitly chosen sort in the URL, or null (neutral) when absent or not one of the list's. */
function readSort<S extends string>(params: URLSearchParams, sortFields: readonly S[]): SortState<S> | null {
  const sortField = params.get(sortFieldKey);
  const sortOrder = params.get(sortOrderKey);
  if (!sortField || !sortFields.includes(sortField as S)) return null;
  return sortOrder === "asc" || sortOrder === "desc" ? { sortField: sortField as S, sortOrder } : null;
}

/** Drops empty strings and undefined values: an empty filter is no filter. */
export function compactFilter<F extends Record<string, unknown>>(filter: F): Partial<F> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ""),
  ) as Partial<F>;
}

/** What a list's query string says: its filters, sort, page and page size, and the call body they make. */
function readListState<S extends string, F>(params: URLSearchParams, config: ListStateConfig<S, F>) {
  const sizes = config.pageSizes ?? listPageSizes;
  const fallbackSize = config.defaultPageSize ?? defaultPageSize;
  const filters: Record<string, string> = {};
  for (const [key, spec] of Object.entries(config.filters)) {
    const raw = params.get(key) ?? "";
    const allowed = !spec.values || spec.values.includes(raw);
    filters[key] = raw && allowed ? raw : (spec.default ?? "");
  }
  const sort = readSort(params, config.sortFields);
  const requestedSize = positiveInt(params.get(pageSizeKey));
  const pageSize = requestedSize && sizes.includes(requestedSize) ? requestedSize : fallbackSize;
  const pageNumber = positiveInt(params.get(pageKey)) ?? 1;
  const effectiveSort = sort ?? config.defaultSort;
  const filter = config.toFilter(filters);
  const queryParams: QueryParams<S, F> | null =
    filter === null
      ? null
      : {
          filter,
          sortField: effectiveSort.sortField,
          sortOrder: effectiveSort.sortOrder,
          pageNumber,
          pageSize,
        };
  return { filters, sort, pageSize, pageNumber, queryParams, sizes, fallbackSize };
}

/**
 * List state (filters, sort, page, page size, hidden columns) read from and written to the URL, the only place it lives
 * (docs/features/lists.md). Invalid values read as the defaults,
 * and values equal to their defaults are left out of the URL.
 */
export function useListState<S extends string, F>(config: ListStateConfig<S, F>) {
  const [params, setParams] = useSearchParams();
  const { filters, sort, pageSize, pageNumber, queryParams, sizes, fallbackSize } = useMemo(
    () => readListState(params, config),
    [params, config],
  );

  // The URL as last written: a second change made before the re-render (a quick double click) must
  // build on the first, not on the query string this render was made from.
  const latest = useRef(params);
  // What was written and not rendered yet, oldest first. The router renders each write as a transition,
  // and a change can come between a write's render and this effect: a render of an earlier write must
  // not take the later one back.
  const unrendered = useRef<string[]>([]);
  useEffect(() => {
    const written = unrendered.current.indexOf(params.toString());
    if (written === -1) {
      // Not a write of this list's (Back, a link): it is the URL now.
      latest.current = params;
      unrendered.current = [];
    } else {
      unrendered.current = unrendered.current.slice(written + 1);
    }
  }, [params]);

  const update = useCallback(
    (patch: Record<string, string | undefined>, { resetPage = false, replace = false } = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(patch)) {
        const spec = config.filters[key];
        if (value === undefined || value === "" || value === spec?.default) next.delete(key);
        else next.set(key, value);
      }
      if (resetPage) next.delete(pageKey);
      // The same query string renders nothing new, so it is not waited for.
      const written = next.toString();
      if (written !== latest.current.toString()) unrendered.current.push(written);
      latest.current = next;
      setParams(next, { replace, preventScrollReset: true });
    },
    [setParams, config.filters],
  );

  /** Any filter change starts again from page 1. Filters replace the history entry: typing is not history. */
  const setFilters = useCallback(
    (patch: Record<string, string | undefined>) => update(patch, { resetPage: true, replace: true }),
    [update],
  );

  /** A column's header cycles ascending → descending → neutral (the list's default sort). */
  const toggleSort = useCallback(
    (field: S) => {
      const current = readSort(latest.current, config.sortFields);
      let next: SortState<S> | null;
      if (current?.sortField !== field) next = { sortField: field, sortOrder: "asc" };
      else if (current.sortOrder === "asc") next = { sortField: field, sortOrder: "desc" };
      else next = null;
      update({ [sortFieldKey]: next?.sortField, [sortOrderKey]: next?.sortOrder }, { resetPage: true });
    },
    [update, config.sortFields],
  );

  const setPage = useCallback(
    (page: number) => update({ [pageKey]: page > 1 ? String(page) : undefined }),
    [update],
  );

  const setPageSize = useCallback(
    (size: number) =>
      update({ [pageSizeKey]: size === fallbackSize ? undefined : String(size) }, { resetPage: true }),
    [update, fallbackSize],
  );

  const hideText = params.get(hideKey) ?? "";
  const hidden = useMemo(() => readHidden(hideText), [hideText]);

  /** Hiding or showing columns keeps the page: the rows stay the same. */
  const setHidden = useCallback(
    (keys: readonly string[]) => update({ [hideKey]: keys.length ? keys.join(",") : undefined }),
    [update],
  );

  /**
   * The call body of the URL as last written. A click right after a filter change can come before the list
   * has re-rendered with it (the router renders a navigation as a transition): an action that sends the
   * filters (an export) reads them here, not from the render it was drawn in.
   */
  const currentQueryParams = useCallback(() => readListState(latest.current, config).queryParams, [config]);

  return {
    filters,
    setFilters,
    /** The explicitly chosen sort; null is the neutral state. */
    sort,
    toggleSort,
    pageNumber,
    setPage,
    pageSize,
    pageSizes: sizes,
    setPageSize,
    /** The keys of the columns hidden by the Columns menu (`hide` in the URL). */
    hidden,
    setHidden,
    queryParams,
    currentQueryParams,
    /** The current query string, e.g. for a modal's URL so closing it returns to the same list. */
    search: params.toString() ? `?${params.toString()}` : "",
  };
}

export type ListState<S extends string = string, F = unknown> = ReturnType<typeof useListState<S, F>>;

/**
 * Whether the search box holds text that cannot be an id while it searches an id field: a part of an id
 * matches nothing and the server would refuse it, so the list does not ask and the box says why.
 */
export function isIncompleteId(
  { search, searchIn }: Record<string, string | undefined>,
  idFields: readonly string[],
): boolean {
  const text = search?.trim() ?? "";
  return idFields.includes(searchIn ?? "") && text !== "" && !idSchema.safeParse(text).success;
}
