import { postbackEndpoints } from "@rewards/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { type PostbacksQueryParams, postbacksKeys } from "./keys";

export function getPostbacksQueryOptions(queryParams: PostbacksQueryParams) {
  return queryOptions({
    queryKey: postbacksKeys.list(queryParams),
    queryFn: ({ signal }) =>
      call(postbackEndpoints.list, { query: { group: "false" }, body: { queryParams } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** null: the filter cannot be sent as it is, so nothing is asked. */
export function usePostbacks(queryParams: PostbacksQueryParams | null) {
  return useQuery({ ...getPostbacksQueryOptions(queryParams ?? {}), enabled: queryParams !== null });
}
