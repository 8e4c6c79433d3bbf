import type { AppUserListBody, PointsHistoryBody } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

export type AppUsersQueryParams = AppUserListBody["queryParams"];
export type PointsHistoryQueryParams = NonNullable<PointsHistoryBody["queryParams"]>;

/** Every app user query starts with the feature's root (redeems refresh it too), so one invalidation reaches all. */
export const appUserKeys = {
  all: queryRoots.appUsers,
  list: (queryParams: AppUsersQueryParams) => [...appUserKeys.all, "list", queryParams] as const,
  one: (id: string) => [...appUserKeys.all, "one", id] as const,
  details: (id: string) => [...appUserKeys.all, "details", id] as const,
  /** The user's held credits (payouts' holds, shown on the user's details). */
  holds: (id: string) => [...appUserKeys.all, "holds", id] as const,
  /** A page of the user's points history (ledger entries with the balances after each). */
  pointsHistory: (id: string, queryParams: PointsHistoryQueryParams) =>
    [...appUserKeys.all, "pointsHistory", id, queryParams] as const,
};
