/** The analytics domain's public face: money, breakdowns, retention and liabilities from daily rollups. */
export { analyticsRoutes } from "./analytics.routes.ts";
export { getAnalytics } from "./analytics.service.ts";
export { estimateReach } from "./reach.ts";
