import type { DashboardRange } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

/** Every dashboard query starts with "dashboard"; the zone is part of the key, as days depend on it. */
export const dashboardKeys = {
  all: queryRoots.dashboard,
  one: (tz: string, range: DashboardRange) => [...dashboardKeys.all, tz, range] as const,
};
