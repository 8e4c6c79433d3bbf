import { searchEndpoints } from "@rewards/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { searchKeys } from "./keys";

/** The longest text the search takes (the server answers 400 above it). */
export const maxSearchLength = 100;

/** What the app holds for `q` (already trimmed); nothing is asked for an empty or too long text. */
export function useSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => call(searchEndpoints.search, { query: { q } }, { signal }),
    enabled: q.length > 0 && q.length <= maxSearchLength,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
