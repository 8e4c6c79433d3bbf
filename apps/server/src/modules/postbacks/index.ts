/**
 * The postbacks domain's public face: the networks report completed offers and reversals (credited
 * through the ledger), and the administrator reads the log of every request.
 */
export { postbackLogRoutes } from "./postback-log.routes.ts";
export { listPostbacks } from "./postback-log.service.ts";
export { postbackRoutes } from "./postbacks.routes.ts";
