/**
 * The giveaway domain's public face: one giveaway and winners announcement per app. The dashboard's routes
 * (under /api) and the mobile app's (under /app/v1) are thin adapters over its service.
 */
export { appGiveawayRoutes } from "./app.routes.ts";
export { giveawayRoutes } from "./giveaway.routes.ts";
export { appGiveaway, getGiveaway } from "./giveaway.service.ts";
