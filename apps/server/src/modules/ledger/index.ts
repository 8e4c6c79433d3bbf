/** The ledger domain's public face: the points rules. Nothing else moves points. */
export { adjustPoints, creditOffer, debitRedeem, refundRedeem, reverseOffer } from "./ledger.service.ts";
