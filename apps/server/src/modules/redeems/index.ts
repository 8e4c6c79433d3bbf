/**
 * The redeems domain's public face: an app user's request for a reward item, paid, cancelled or moved
 * between statuses by an administrator. The dashboard's routes (under /api) and the mobile app's (under
 * /app/v1) are thin adapters over its service.
 */

export { deliverThroughTenantMailgun } from "../payouts/index.ts";
export { redeemAdminRoutes } from "./admin.routes.ts";
export { redeemAppRoutes } from "./app.routes.ts";
export { getRedeemDetails, listRedeems } from "./redeem-queries.ts";
