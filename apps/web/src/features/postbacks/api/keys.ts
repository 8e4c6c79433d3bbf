import type { PostbackListBody } from "@rewards/contract";

export type PostbacksQueryParams = PostbackListBody["queryParams"];

export const postbacksKeys = {
  all: ["postbacks"] as const,
  list: (queryParams: PostbacksQueryParams) => [...postbacksKeys.all, "list", queryParams] as const,
  details: (id: string) => [...postbacksKeys.all, "details", id] as const,
};
