import { postbackEndpoints } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { postbacksKeys } from "./keys";

export function usePostbackDetails(id: string) {
  return useQuery(
    queryOptions({
      queryKey: postbacksKeys.details(id),
      queryFn: ({ signal }) => call(postbackEndpoints.details, { params: { id } }, { signal }),
    }),
  );
}
