import { z } from "zod";
import { idSchema, listAnswerSchema, listQuerySchema, textFilter } from "../common.ts";
import { offerNetworks, offerStatuses } from "../constants.ts";
import { messages } from "../messages.ts";

/** A completed offer, as a network's postback reported it. */
export const completedOfferSchema = z.object({
  _id: z.string(),
  offerName: z.string(),
  network: z.string(),
  transactionId: z.string(),
  userId: z.string(),
  /** USD, 4 decimals in storage. */
  payout: z.number(),
  points: z.number().int(),
  ip: z.string().nullable(),
  geo: z.string().nullable(),
  status: z.enum(offerStatuses),
  date: z.string(),
});
export type CompletedOffer = z.infer<typeof completedOfferSchema>;

/** A list row also names its user, so the table needs no call per row. */
export const offerListEntitySchema = completedOfferSchema.extend({ userEmail: z.string() });
export type OfferListEntity = z.infer<typeof offerListEntitySchema>;

export const offerSortFields = ["date", "payout"] as const;
export const offerFilterSchema = z.object({
  network: z.enum(offerNetworks, { error: messages.unknownNetwork }).optional(),
  userId: idSchema.optional(),
  _id: idSchema.optional(),
  ip: textFilter(45),
});
export type OfferFilter = z.input<typeof offerFilterSchema>;
export const offerListBodySchema = listQuerySchema(offerFilterSchema, offerSortFields, {
  sortField: "date",
  sortOrder: "desc",
});
export type OfferListBody = z.input<typeof offerListBodySchema>;
export const offerListAnswerSchema = listAnswerSchema(offerListEntitySchema);
export type OfferListAnswer = z.infer<typeof offerListAnswerSchema>;
