/**
 * The network domain's public face: the ad networks' and native ads' configs, the postback addresses the
 * networks call, and the offerwall links. The dashboard's routes (under /api) and the mobile app's (under
 * /app/v1) are thin adapters over its services.
 */
export { appNetworkRoutes } from "./app.routes.ts";
export { findNativeAds } from "./native-ads.service.ts";
export { networkRoutes } from "./network.routes.ts";
export { postbackBase, postbackFormats, postbackUrl } from "./postback-urls.ts";
