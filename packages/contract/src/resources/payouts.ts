import { z } from "zod";
import { idSchema, listAnswerSchema } from "../common.ts";
import { maxPointsBalance, offerNetworks } from "../constants.ts";
import { messages } from "../messages.ts";

// Payouts (docs/features/payouts.md): how a redeem is paid. This part: the gift-card code inventory.

/**
 * How a reward item's redeems are paid: `manual` (the operator types the code on the pay form),
 * `inventory` (the next unused, unexpired code of the item's stock), `provider` (a payout provider's order).
 */
export const fulfilments = ["manual", "inventory", "provider"] as const;
export type Fulfilment = (typeof fulfilments)[number];
export const fulfilmentSchema = z.enum(fulfilments, {
  error: messages.oneOf("fulfilment", fulfilments.join(", ")),
});

/** The limits of a code import: the longest code and PIN, the most rows in one file. */
export const codeImportLimits = { codeLength: 200, pinLength: 50, rows: 100_000, bytes: 10 * 1024 * 1024 };

export const itemIdParamsSchema = z.object({ itemId: idSchema });

/** `?dryRun=true` checks the file and reports what an import would do, changing nothing. */
export const codeImportQuerySchema = z.object({
  dryRun: z.enum(["true", "false"], { error: messages.trueOrFalse("dryRun") }).default("false"),
});

/** The codes as CSV: a header row naming `code`, and optionally `pin` and `expires` (a date, YYYY-MM-DD). */
export const codeImportBodySchema = z.object({
  csv: z
    .string({ error: messages.csvRequired })
    .min(1, messages.csvRequired)
    .max(codeImportLimits.bytes, messages.csvTooLarge),
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
  state: z.enum(codeStates, { error: messages.oneOf("state", codeStates.join(", ")) }).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, messages.between("pageSize", 1, 100))
    .max(100, messages.between("pageSize", 1, 100))
    .default(20),
});
export const rewardCodeListAnswerSchema = listAnswerSchema(rewardCodeSchema);

/** An explicit reveal (owner and admin, audited): the code and PIN in clear. */
export const revealedCodeSchema = z.object({ code: z.string(), pin: z.string().nullable() });

// --- The payout provider: Tremendous (REST API v2) ---

/** Tremendous's two API addresses; tests and the demo point `baseUrl` at the fake server in test tools. */
export const tremendousBaseUrls = {
  sandbox: "https://testflight.tremendous.com/api/v2",
  production: "https://www.tremendous.com/api/v2",
} as const;

/** How Tremendous hands the reward over: it e-mails the recipient, or answers a link we e-mail ourselves. */
export const providerDeliveries = ["EMAIL", "LINK"] as const;

const providerText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.max(max));

/**
 * The app's Tremendous account. `apiKey` and `webhookPrivateKey` are answered masked ("••••" and the last 4);
 * a save that sends the mask back keeps the stored secret.
 */
export const tremendousSettingsSchema = z.object({
  apiKey: providerText(200),
  baseUrl: z
    .string({ error: messages.required })
    .trim()
    .max(300, messages.max(300))
    .regex(
      /^https?:\/\/[^\s/]+(\/[^\s]*)?$/,
      `Must be an http(s) address, e.g. ${tremendousBaseUrls.sandbox}`,
    ),
  fundingSourceId: providerText(100),
  webhookPrivateKey: providerText(200),
  delivery: z
    .enum(providerDeliveries, { error: messages.oneOf("delivery", providerDeliveries.join(", ")) })
    .default("EMAIL"),
});
export type TremendousSettings = z.infer<typeof tremendousSettingsSchema>;

// --- Holds: earnings wait before they can be spent ---

const optionalBound = (min: number, max: number) =>
  z
    .number({ error: messages.numberOrAny })
    .min(min, messages.minimum(min))
    .max(max, messages.maximum(max))
    .nullable()
    .default(null);

/**
 * A hold rule, checked when an offer is credited: every condition set must hold (null = any). The first
 * matching rule of the list holds the credit for `holdDays`; a credit no rule matches is available at once.
 */
export const holdRuleSchema = z.object({
  /** Only credits from this network; null for any. */
  network: z
    .enum(offerNetworks, { error: messages.oneOf("network", offerNetworks.join(", ")) })
    .nullable()
    .default(null),
  /** The offer paid at least this many US dollars. */
  minPayoutUsd: optionalBound(0, 100_000),
  /** The user has earned less than this many US dollars in all (credited offers before this one). */
  maxLifetimeUsd: optionalBound(0, 10_000_000),
  /** The user's account is younger than this many days. */
  maxAccountAgeDays: optionalBound(0, 36_500),
  /** The user had at least this many offers reversed. */
  minReversals: optionalBound(0, 1_000_000),
  holdDays: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(1, messages.minimum(1))
    .max(180, messages.maximum(180)),
});
export type HoldRule = z.infer<typeof holdRuleSchema>;

/**
 * A user whose reversal rate (offers reversed / offers credited, by count, over `windowDays`) is above
 * `ratePercent` gets every new credit held `holdDays`, whatever the rules say, and is flagged (risk reason
 * "reversals"). Only counted once the user has `minOffers` offers in the window, so one reversal of one
 * offer does not flag a new user.
 */
export const reversalHoldSchema = z.object({
  ratePercent: z
    .number({ error: messages.required })
    .min(1, messages.minimum(1))
    .max(100, messages.maximum(100)),
  windowDays: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(1, messages.minimum(1))
    .max(365, messages.maximum(365)),
  minOffers: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(1, messages.minimum(1))
    .max(10_000, messages.maximum(10_000))
    .default(5),
  holdDays: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(1, messages.minimum(1))
    .max(180, messages.maximum(180)),
});
export type ReversalHold = z.infer<typeof reversalHoldSchema>;

// --- Automatic approval ---

/**
 * Redeems paid without a person: a new redeem of an inventory or provider item is queued for payment at
 * once when every condition holds; anything else waits for a member. Never above the four-eyes amount,
 * never while paused.
 */
export const autoApprovalSchema = z.object({
  /** The redeem costs at most this many points. */
  maxPoints: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(1, messages.minimum(1))
    .max(maxPointsBalance, messages.maximum(maxPointsBalance)),
  /** The account is at least this many days old. */
  minAccountAgeDays: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(0, messages.minimum(0))
    .max(36_500, messages.maximum(36_500)),
  /** The user has no risk reason and the request raised none. */
  requireLowRisk: z.boolean({ error: messages.required }).default(true),
  /** No offer of the user was reversed in this many days. */
  noReversalDays: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(0, messages.minimum(0))
    .max(365, messages.maximum(365))
    .default(30),
});
export type AutoApproval = z.infer<typeof autoApprovalSchema>;

/** The example default: payouts of $3 or more from users who earned under $100 wait 14 days. */
export const defaultHoldRules: HoldRule[] = [
  {
    network: null,
    minPayoutUsd: 3,
    maxLifetimeUsd: 100,
    maxAccountAgeDays: null,
    minReversals: null,
    holdDays: 14,
  },
];
export const defaultReversalHold: ReversalHold = {
  ratePercent: 20,
  windowDays: 30,
  minOffers: 5,
  holdDays: 30,
};

/**
 * The app's payout rules: `paused` stops every payout (the pay calls answer 409 until it is lifted);
 * `approvalAbove` (points, null = off): a redeem costing more needs a second member's approval, and the
 * member who approved it cannot be the one who pays it; the provider account (null = none); the hold
 * rules, the reversal-rate hold (null = off) and automatic approval (null = off).
 */
export const payoutSettingsSchema = z.object({
  paused: z.boolean({ error: messages.required }),
  approvalAbove: z
    .number({ error: messages.approvalThresholdInvalid })
    .int(messages.wholeNumber)
    .min(0, messages.minimum(0))
    .max(maxPointsBalance, messages.maximum(maxPointsBalance))
    .nullable(),
  tremendous: tremendousSettingsSchema.nullable().default(null),
  holdRules: z.array(holdRuleSchema).max(20, messages.holdRulesMax(20)).default(defaultHoldRules),
  reversalHold: reversalHoldSchema.nullable().default(defaultReversalHold),
  autoApproval: autoApprovalSchema.nullable().default(null),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;
export type PayoutSettingsBody = z.input<typeof payoutSettingsSchema>;
export const defaultPayoutSettings: PayoutSettings = {
  paused: false,
  approvalAbove: null,
  tremendous: null,
  holdRules: defaultHoldRules,
  reversalHold: defaultReversalHold,
  autoApproval: null,
};

// --- Payout jobs: paying many redeems, and any inventory or provider pay ---

/** Where one redeem's payout is: waiting its turn, ordered from the provider and awaited, paid, or failed. */
export const payoutStates = ["queued", "processing", "paid", "failed"] as const;
export type PayoutState = (typeof payoutStates)[number];

/** The most redeems one "Pay selected" takes. */
export const maxPayoutBatch = 1000;

export const payRedeemsBodySchema = z.object({
  ids: z
    .array(idSchema, { error: messages.idsInvalid })
    .min(1, messages.noIdsSelected)
    .max(maxPayoutBatch, messages.atMostRedeems(maxPayoutBatch)),
});
export type PayRedeemsBody = z.infer<typeof payRedeemsBodySchema>;
export const payoutJobStartedSchema = z.object({ jobId: z.string() });
export const jobIdParamsSchema = z.object({ jobId: idSchema });

/** One redeem's payout, as a job's result and on the redeem's details ("the operator sees why"). */
export const payoutSchema = z.object({
  redeemId: z.string(),
  /** The item's fulfilment when asked ("manual": refused at once in a "Pay selected"). */
  method: fulfilmentSchema,
  status: z.enum(payoutStates),
  /** Why it failed or is waiting (the provider's answer, "Out of stock", …); null when paid at once. */
  message: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  /** The provider's order id, once ordered. */
  providerOrderId: z.string().nullable(),
  updatedAt: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutJobSchema = z.object({
  _id: z.string(),
  total: z.number().int(),
  /** Paid. */
  done: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({ redeemId: z.string(), status: z.enum(payoutStates), message: z.string().nullable() }),
  ),
  createdAt: z.string(),
  /** When the last of its redeems was paid or failed; null while some are queued or processing. */
  finishedAt: z.string().nullable(),
});
export type PayoutJob = z.infer<typeof payoutJobSchema>;

// --- Holds, by hand ---

export const holdStates = ["held", "released", "reversed"] as const;
export type HoldState = (typeof holdStates)[number];

/** A held credit, as the user's details list it. */
export const pointHoldSchema = z.object({
  _id: z.string(),
  points: z.number().int(),
  /** The completed offer it holds, and its network. */
  offerId: z.string().nullable(),
  network: z.string().nullable(),
  releaseAt: z.string(),
  status: z.enum(holdStates),
  /** Which rule held it, in words (e.g. "Rule 1: 14 days", "Reversal rate 25% over 30 days"). */
  reason: z.string(),
  releasedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PointHold = z.infer<typeof pointHoldSchema>;
export const pointHoldListAnswerSchema = z.object({
  entities: z.array(pointHoldSchema),
  totalCount: z.number().int(),
});
export const holdIdParamsSchema = z.object({ holdId: idSchema });
export const extendHoldBodySchema = z.object({
  days: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(1, messages.minimum(1))
    .max(180, messages.maximum(180)),
});
export type ExtendHoldBody = z.infer<typeof extendHoldBodySchema>;

// --- Dashboard ---

/** What the app owes its users: points not yet paid out, in points and in US dollars (the app's points ratio). */
export const liabilitiesSchema = z.object({
  availablePoints: z.number(),
  pendingPoints: z.number(),
  availableUsd: z.number(),
  pendingUsd: z.number(),
});
/** Redeems paid today (UTC), by how they were paid. */
export const payoutsTodaySchema = z.array(
  z.object({ method: fulfilmentSchema, count: z.number().int(), points: z.number() }),
);

/** A redeem's approval by a member (when the app asks for one). */
export const redeemApprovalSchema = z.object({
  by: z.object({ _id: z.string(), fullName: z.string() }),
  at: z.string(),
});
export type RedeemApproval = z.infer<typeof redeemApprovalSchema>;
