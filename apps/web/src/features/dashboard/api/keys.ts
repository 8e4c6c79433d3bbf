import type { DashboardRange } from "@rewards/contract";

/** Every dashboard query starts with "dashboard"; the zone is part of the key, as days depend on it. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  one: (tz: string, range: DashboardRange) => [...dashboardKeys.all, tz, range] as const,
};
