/**
 * The risk domain's public face: why an app user or a redeem looks risky (IP screening, linked
 * accounts) and how those findings are stored and shown.
 */

export { toIpScreening, toRiskReasons } from "./risk.mapper.ts";
export {
  findLinks,
  flagLinkedUsers,
  flagUsers,
  hidesAddress,
  identifyingDeviceId,
  type Links,
  redeemReasons,
  signUpReasons,
} from "./risk.ts";
export { clientIp, latestScreeningStatement, recordScreening, screenForTenant } from "./screening.ts";
