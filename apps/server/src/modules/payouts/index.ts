/**
 * The payouts domain's public face: how redeems are paid. The app's payout rules (the pause switch and
 * four-eyes approval of large redeems), the gift-card code inventory of reward items (import, stock, masked
 * list, audited reveal), its low-stock alert, and taking the next code when a redeem is paid from stock.
 */
export { availableByItem, availableCode, lowStockItems, stockOf } from "./codes.service.ts";
export {
  assertNotPaused,
  assertPayableBy,
  needsApproval,
  readPayoutSettings,
} from "./payout-settings.ts";
export { payoutsRoutes } from "./payouts.routes.ts";
export { fulfilmentOf, pinOfRedeem, type StockCode, takeStockCode } from "./take-code.ts";
