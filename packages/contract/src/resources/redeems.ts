import { z } from "zod";
import { idSchema, idsSchema, listAnswerSchema, listQuerySchema, textFilter } from "../common.ts";
import { languages } from "../constants.ts";
import { messages } from "../messages.ts";
import { appUserSchema } from "./app-users.ts";
import { fulfilmentSchema, payoutSchema, redeemApprovalSchema } from "./payouts.ts";
import { ipScreeningSchema, riskReasonSchema } from "./risk.ts";

/** One numbering everywhere, list filter included (decision 0004). */
/** Processing (3): its payout is under way (a provider order placed, awaiting its status); set only by payouts. */
export const redeemStatus = { pending: 0, sent: 1, rejected: 2, processing: 3 } as const;
export const redeemStatusValues = [0, 1, 2, 3] as const;
const statusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
  error: messages.redeemStatusChoice,
});
/** What an operator may set by hand: Processing belongs to the payout under way. */
const settableStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: messages.redeemStatusSetChoice,
});

export const redeemSchema = z.object({
  _id: z.string(),
  redeemUser: z.string(),
  userEmail: z.string(),
  redeemEmail: z.string(),
  rewardName: z.string(),
  rewardAmount: z.string(),
  rewardCost: z.number().int(),
  rewardExtraInfo: z.string().nullable(),
  redeemDate: z.string(),
  status: statusSchema,
  /** The gift card sent, masked to its last four characters (reveal it with POST /api/redeem/:id/code). */
  code: z.string().nullable(),
  subject: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** The user's risk reasons when they asked, plus this request's own (e.g. country_mismatch). */
  riskReasons: z.array(riskReasonSchema),
});
export type Redeem = z.infer<typeof redeemSchema>;

export const mailDeliverySchema = z.object({
  status: z.enum(["queued", "sending", "sent", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type MailDelivery = z.infer<typeof mailDeliverySchema>;

/** GET /api/redeem/{id}: the redeem, its user and the reward e-mail's delivery state. */
export const redeemDetailsSchema = redeemSchema.extend({
  text: z.string().nullable(),
  user: appUserSchema,
  delivery: mailDeliverySchema.nullable(),
  /** Where the app asked from, and what the IP screening said then (null before screening existed). */
  ip: z.string().nullable(),
  ipCountry: z.string().nullable(),
  screening: ipScreeningSchema.nullable(),
  /** How it is paid: its reward item's fulfilment ("manual" when the item is gone). */
  fulfilment: fulfilmentSchema,
  /** Its cost is above the app's approval amount: a member must approve it, and another pay it. */
  needsApproval: z.boolean(),
  approval: redeemApprovalSchema.nullable(),
  /** Its latest payout through inventory or the provider (queued, processing, paid, failed and why); null when paid by hand or not yet. */
  payout: payoutSchema.nullable(),
  /**
   * The gift-card e-mail as the app's template writes it for this redeem, in its user's language (else the
   * app's): what the Send Redeem form starts from. The code and PIN lines are added in that language too.
   */
  mailDraft: z.object({ language: z.enum(languages), subject: z.string(), text: z.string() }),
});
export type RedeemDetails = z.infer<typeof redeemDetailsSchema>;

export const redeemSortFields = ["redeemDate", "rewardCost"] as const;
export const redeemFilterSchema = z.object({
  redeemEmail: textFilter(),
  redeemUser: idSchema.optional(),
  _id: idSchema.optional(),
  status: statusSchema.optional(),
  /** true: only requests with a risk reason ("Risky only"); false: only those without. */
  risky: z.boolean({ error: messages.trueOrFalse("risky") }).optional(),
});
export type RedeemFilter = z.input<typeof redeemFilterSchema>;
export const redeemListBodySchema = listQuerySchema(redeemFilterSchema, redeemSortFields, {
  sortField: "redeemDate",
  sortOrder: "desc",
});
export type RedeemListBody = z.input<typeof redeemListBodySchema>;
export const redeemListAnswerSchema = listAnswerSchema(redeemSchema);
export type RedeemListAnswer = z.infer<typeof redeemListAnswerSchema>;

export const redeemsStateBodySchema = z.object({ ids: idsSchema, status: settableStatusSchema });
export type RedeemsStateBody = z.infer<typeof redeemsStateBodySchema>;
export const redeemsStateAnswerSchema = z.object({ updated: z.number().int() });

/** Paying a redeem (the Send Redeem form): the gift card goes by e-mail; `text` is the rich HTML body. */
export const payRedeemBodySchema = z.object({
  /** Required for a manual item; left out for an inventory item, whose code comes from its stock. */
  code: z.string().trim().max(500, messages.max(500)).optional(),
  rewardName: z
    .string({ error: messages.rewardNameRequired })
    .trim()
    .min(1, messages.rewardNameRequired)
    .max(100, messages.max(100)),
  redeemEmail: z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, messages.emailRequired)
    .pipe(z.email(messages.wrongEmailCapital)),
  subject: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(200, messages.max(200)),
  text: z.string().max(100_000, messages.messageTooLong).default(""),
});
export type PayRedeemBody = z.input<typeof payRedeemBodySchema>;
