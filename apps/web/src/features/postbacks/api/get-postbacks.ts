import type { PostbackListAnswer } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { type PostbacksQueryParams, postbacksKeys } from "./keys";

export function getPostbacks(
  queryParams: PostbacksQueryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostbackListAnswer> {
  return api.post<PostbackListAnswer>("/api/postbacks?group=false", { queryParams }, { signal });
}

export function getPostbacksQueryOptions(queryParams: PostbacksQueryParams) {
  return queryOptions({
    queryKey: postbacksKeys.list(queryParams),
    queryFn: ({ signal }) => getPostbacks(queryParams, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function usePostbacks(queryParams: PostbacksQueryParams | null) {
  return useQuery({ ...getPostbacksQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
