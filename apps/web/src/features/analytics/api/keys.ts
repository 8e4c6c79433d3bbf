import type { AnalyticsQuery } from "@rewards/contract";
import { queryRoots } from "../../../lib/query-roots";

/** Every analytics query starts with "analytics"; saving another reporting time zone invalidates them all. */
export const analyticsKeys = {
  all: queryRoots.analytics,
  report: (query: Required<AnalyticsQuery>) => [...analyticsKeys.all, "report", query] as const,
  zone: (appId: string) => [...analyticsKeys.all, "zone", appId] as const,
};
