/**
 * The catalog domain's public face: countries, their rewards and the rewards' items. The dashboard's routes
 * (under /api) and the mobile app's (under /app/v1) are thin adapters over its services.
 */
export { appCatalogRoutes } from "./app.routes.ts";
export { catalogCodesFor, catalogFor } from "./app-catalog.service.ts";
export { catalogRoutes } from "./catalog.routes.ts";
export { listCountries } from "./countries.service.ts";
export { listRewardItems } from "./reward-items.service.ts";
export { listRewards } from "./rewards.service.ts";
