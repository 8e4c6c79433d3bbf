import type { RedeemListBody } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

export type RedeemsQueryParams = RedeemListBody["queryParams"];

/** Every redeems query starts with "redeems", so one invalidation reaches lists and records. */
export const redeemsKeys = {
  all: queryRoots.redeems,
  list: (queryParams: RedeemsQueryParams) => [...redeemsKeys.all, "list", queryParams] as const,
  details: (id: string) => [...redeemsKeys.all, "details", id] as const,
  /** A "Pay selected" payout job's progress. */
  payoutJob: (jobId: string) => [...redeemsKeys.all, "payoutJob", jobId] as const,
};

/** Paying, cancelling and status changes move a user's points: the Users screens' queries are refreshed too. */
export const appUsersQueryKey = queryRoots.appUsers;
