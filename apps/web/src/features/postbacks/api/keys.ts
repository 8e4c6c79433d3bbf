import type { PostbackListBody } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

export type PostbacksQueryParams = PostbackListBody["queryParams"];

export const postbacksKeys = {
  all: queryRoots.postbacks,
  list: (queryParams: PostbacksQueryParams) => [...postbacksKeys.all, "list", queryParams] as const,
  details: (id: string) => [...postbacksKeys.all, "details", id] as const,
};
