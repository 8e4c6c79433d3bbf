import type { CompletedOffer } from "@rewards/contract";
import type { completedOffers } from "../../db/schema/index.ts";

export type CompletedOfferRow = typeof completedOffers.$inferSelect;

export const toCompletedOffer = (row: CompletedOfferRow): CompletedOffer => ({
  _id: row.id,
  offerName: row.offerName,
  network: row.network,
  transactionId: row.transactionId,
  userId: row.userId,
  payout: Number(row.payout),
  points: row.points,
  ip: row.ip,
  geo: row.geo,
  status: row.status,
  date: row.date.toISOString(),
});
