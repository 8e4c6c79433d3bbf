/**
 * Every search query starts with the feature's root. It is not in lib/query-roots.ts: no other feature
 * refreshes search results, and that file is part of the sign-in page's bundle, which must not grow.
 */
export const searchKeys = {
  all: ["search"] as const,
  results: (q: string) => [...searchKeys.all, "results", q] as const,
};
