import type { PostbackLogDetails } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { postbacksKeys } from "./keys";

export function getPostbackDetails(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostbackLogDetails> {
  return api.get<PostbackLogDetails>(`/api/postbacks/${encodeURIComponent(id)}`, { signal });
}

export function usePostbackDetails(id: string) {
  return useQuery(
    queryOptions({
      queryKey: postbacksKeys.details(id),
      queryFn: ({ signal }) => getPostbackDetails(id, { signal }),
    }),
  );
}
