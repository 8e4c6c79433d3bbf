/** The ledger domain's public face: the points rules. Nothing else moves points. */

export { pointsHistory } from "./history.ts";
export {
  adjustPoints,
  type CreditHold,
  creditMoveRecords,
  creditOffer,
  debitRedeem,
  type PointHoldRow,
  refundRedeem,
  releaseHold,
  reverseOffer,
} from "./ledger.service.ts";
export { type MoveRecord, movesSteps } from "./move-points.ts";
