import { z } from "zod";
import { idSchema, listAnswerSchema } from "../common.ts";
import { maxPointsBalance } from "../constants.ts";
import { messages } from "../messages.ts";

// Payouts (docs/features/payouts.md): how a redeem is paid. This part: the gift-card code inventory.

/**
 * How a reward item's redeems are paid: `manual` (the operator types the code on the pay form),
 * `inventory` (the next unused, unexpired code of the item's stock), `provider` (a payout provider's order).
 */
export const fulfilments = ["manual", "inventory", "provider"] as const;
export type Fulfilment = (typeof fulfilments)[number];
export const fulfilmentSchema = z.enum(fulfilments, {
  error: `Fulfilment must be one of: ${fulfilments.join(", ")}`,
});

/** The limits of a code import: the longest code and PIN, the most rows in one file. */
export const codeImportLimits = { codeLength: 200, pinLength: 50, rows: 100_000, bytes: 10 * 1024 * 1024 };

export const itemIdParamsSchema = z.object({ itemId: idSchema });

/** `?dryRun=true` checks the file and reports what an import would do, changing nothing. */
export const codeImportQuerySchema = z.object({
  dryRun: z.enum(["true", "false"], { error: "dryRun must be true or false" }).default("false"),
});

/** The codes as CSV: a header row naming `code`, and optionally `pin` and `expires` (a date, YYYY-MM-DD). */
export const codeImportBodySchema = z.object({
  csv: z
    .string({ error: "The CSV is required" })
    .min(1, "The CSV is required")
    .max(codeImportLimits.bytes, "The file is too large (10 MB at most)"),
});
export type CodeImportBody = z.input<typeof codeImportBodySchema>;

export const codeImportAnswerSchema = z.object({
  /** Codes added (on a dry run: that would be added). */
  added: z.number().int(),
  /** Rows whose code is already stored for this app, or repeats an earlier row of the file. */
  duplicates: z.number().int(),
  /** Rows that cannot be read, by their line number in the file (the header is line 1). */
  invalid: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  dryRun: z.boolean(),
});
export type CodeImportAnswer = z.infer<typeof codeImportAnswerSchema>;

export const stockAnswerSchema = z.object({
  /** Unused codes that have not expired. */
  available: z.number().int(),
  used: z.number().int(),
  /** Unused codes past their expiry date. */
  expired: z.number().int(),
});
export type StockAnswer = z.infer<typeof stockAnswerSchema>;

export const codeStates = ["available", "used", "expired"] as const;
export type CodeState = (typeof codeStates)[number];

/** A stored code as lists show it: masked to its last four characters. */
export const rewardCodeSchema = z.object({
  _id: z.string(),
  /** e.g. "••••7QX2". */
  maskedCode: z.string(),
  hasPin: z.boolean(),
  expiresAt: z.string().nullable(),
  state: z.enum(codeStates),
  /** The redeem it paid, once used. */
  redeemId: z.string().nullable(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RewardCode = z.infer<typeof rewardCodeSchema>;

export const rewardCodeListQuerySchema = z.object({
  state: z.enum(codeStates, { error: `state must be one of: ${codeStates.join(", ")}` }).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, "pageSize must be 1 to 100")
    .max(100, "pageSize must be 1 to 100")
    .default(20),
});
export const rewardCodeListAnswerSchema = listAnswerSchema(rewardCodeSchema);

/** An explicit reveal (owner and admin, audited): the code and PIN in clear. */
export const revealedCodeSchema = z.object({ code: z.string(), pin: z.string().nullable() });

/**
 * The app's payout rules: `paused` stops every payout (the pay calls answer 409 until it is lifted);
 * `approvalAbove` (points, null = off): a redeem costing more needs a second member's approval, and the
 * member who approved it cannot be the one who pays it.
 */
export const payoutSettingsSchema = z.object({
  paused: z.boolean({ error: messages.required }),
  approvalAbove: z
    .number({ error: "Must be a number of points, or null to need no approval" })
    .int(messages.wholeNumber)
    .min(0, messages.minimum(0))
    .max(maxPointsBalance, messages.maximum(maxPointsBalance))
    .nullable(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;
export const defaultPayoutSettings: PayoutSettings = { paused: false, approvalAbove: null };

/** A redeem's approval by a member (when the app asks for one). */
export const redeemApprovalSchema = z.object({
  by: z.object({ _id: z.string(), fullName: z.string() }),
  at: z.string(),
});
export type RedeemApproval = z.infer<typeof redeemApprovalSchema>;
