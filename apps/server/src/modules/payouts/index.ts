/**
 * The payouts domain's public face: how redeems are paid. The app's payout rules (the pause switch and
 * four-eyes approval of large redeems), the gift-card code inventory of reward items (import, stock, masked
 * list, audited reveal), its low-stock alert, taking the next code when a redeem is paid from stock, and
 * the payout worker paying redeems through inventory and Tremendous (with its webhook), and payout jobs.
 */
export { availableByItem, availableCode, lowStockSelect, stockOf } from "./codes.service.ts";
export {
  holdForCredit,
  holdOf,
  offerHistory,
  toHistory,
  type UserHistory,
  windowStart,
} from "./hold-rules.ts";
export {
  createPayoutJob,
  getPayoutJob,
  insertPayouts,
  latestPayout,
  type NewPayout,
  redeemsWithActivePayout,
} from "./payout-jobs.ts";
export {
  assertNotPaused,
  assertPayableBy,
  type HoldSettings,
  holdRulesOrDefaults,
  needsApproval,
  readPayoutSettings,
} from "./payout-settings.ts";
export {
  claimDuePayouts,
  type PayoutWorker,
  type PayoutWorkerOptions,
  runPayoutRound,
  startPayoutWorker,
} from "./payout-worker.ts";
export { payoutsRoutes } from "./payouts.routes.ts";
export { releaseDueHolds, startHoldReleaseWorker } from "./release-worker.ts";
export {
  builtInRewardMail,
  composeRewardMail,
  deliverThroughTenantMailgun,
  mailLanguageOf,
  type RewardMailDraft,
  rewardMailDraft,
} from "./reward-mail.ts";
export { fulfilmentOf, fulfilmentsOf, pinOfRedeem, type StockCode, takeStockCode } from "./take-code.ts";
export { tremendousWebhookRoutes, validSignature } from "./tremendous-webhook.ts";
