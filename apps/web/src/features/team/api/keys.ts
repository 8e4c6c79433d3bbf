import { queryRoots } from "../../../lib/query-roots";

/** Every query key of the team feature: the app's team, invitation checks and the account's apps. */
export const teamKeys = {
  all: queryRoots.team,
  list: () => [...teamKeys.all, "list"] as const,
  invite: (token: string) => [...teamKeys.all, "invite", token] as const,
  apps: () => [...teamKeys.all, "apps"] as const,
};
