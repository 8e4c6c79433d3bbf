/** The search domain's public face: find an app user, a redeem or a completed offer of the app. */
export { searchRoutes } from "./search.routes.ts";
export { searchApp } from "./search.service.ts";
