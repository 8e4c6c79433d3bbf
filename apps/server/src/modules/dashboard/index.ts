/** The dashboard domain's public face: the figures of the dashboard's home screen. */
export { dashboardRoutes } from "./dashboard.routes.ts";
export { getDashboard } from "./dashboard.service.ts";
export { liabilitiesFrom, owedOf, toUsd } from "./payout-figures.ts";
