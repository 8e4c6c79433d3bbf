import { z } from "zod";
import { idSchema, listAnswerSchema, listQuerySchema, textFilter } from "../common.ts";
import { offerNetworks } from "../constants.ts";
import { messages } from "../messages.ts";

/**
 * What became of one postback request. Only credited, reversed and pending move anything. user_banned and
 * app_disabled are answered as taken (the network stops sending) but credit nothing, then or later.
 */
export const postbackOutcomes = [
  "credited",
  "duplicate",
  "reversed",
  "pending",
  "bad_signature",
  "unknown_user",
  "disabled",
  "malformed",
  "user_banned",
  "app_disabled",
] as const;
export type PostbackOutcome = (typeof postbackOutcomes)[number];

/** One logged postback request; the raw query and body have their secrets masked. */
export const postbackLogEntrySchema = z.object({
  _id: z.string(),
  network: z.string(),
  method: z.string(),
  ip: z.string().nullable(),
  outcome: z.enum(postbackOutcomes),
  /** Why it was refused, in words (empty when it went through). */
  reason: z.string(),
  userId: z.string().nullable(),
  transactionId: z.string().nullable(),
  /** Points moved for the user: positive on credit, negative on reversal, 0 otherwise. */
  points: z.number().int(),
  httpStatus: z.number().int(),
  createdAt: z.string(),
});
export type PostbackLogEntry = z.infer<typeof postbackLogEntrySchema>;

/** GET /api/postbacks/{id}: the entry with the request as received (secrets masked). */
export const postbackLogDetailsSchema = postbackLogEntrySchema.extend({
  /** The request path with the postback key masked: /postback/••••1234/cpxresearch. */
  path: z.string(),
  query: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()).nullable(),
  response: z.string(),
});
export type PostbackLogDetails = z.infer<typeof postbackLogDetailsSchema>;

export const postbackSortFields = ["createdAt"] as const;
export const postbackFilterSchema = z.object({
  network: z.enum(offerNetworks, { error: messages.unknownNetwork }).optional(),
  outcome: z.enum(postbackOutcomes, { error: messages.unknownOutcome }).optional(),
  userId: textFilter(100),
  transactionId: textFilter(200),
  _id: idSchema.optional(),
});
export type PostbackFilter = z.input<typeof postbackFilterSchema>;
export const postbackListBodySchema = listQuerySchema(postbackFilterSchema, postbackSortFields, {
  sortField: "createdAt",
  sortOrder: "desc",
});
export type PostbackListBody = z.input<typeof postbackListBodySchema>;
export const postbackListAnswerSchema = listAnswerSchema(postbackLogEntrySchema);
export type PostbackListAnswer = z.infer<typeof postbackListAnswerSchema>;
