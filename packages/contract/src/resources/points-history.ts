import { z } from "zod";
import { isCalendarDay, listAnswerSchema } from "../common.ts";
import { defaultPageSize, ledgerBuckets, ledgerReasons, maxPageSize } from "../constants.ts";
import { messages } from "../messages.ts";

/**
 * A bound of the points history's date range: a day `YYYY-MM-DD` (UTC; `from` takes the day from its
 * start, `to` up to its end) or an ISO date-time with `Z` or an offset (taken as is, both ends included).
 */
const boundMessage = "Use a date YYYY-MM-DD or an ISO date-time";
const boundShape =
  /^(\d{4})-(\d{2})-(\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/;

// A plain pattern and a check, rather than zod's ISO formats: their generated patterns (hundreds of
// characters of leap-year rules) stalled the API reference page, which builds examples from patterns.
const dateBound = z
  .string({ error: boundMessage })
  .max(40, boundMessage)
  .regex(boundShape, boundMessage)
  .refine(isCalendarDay, boundMessage);

/** Whether a bound names a whole day (UTC) rather than an instant. */
export const isDayBound = (bound: string) => /^\d{4}-\d{2}-\d{2}$/.test(bound);

/** The first instant a `from` bound lets in, and the first a `to` bound keeps out. */
export function historyRange(filter: { from?: string; to?: string }) {
  const start = filter.from
    ? new Date(isDayBound(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)
    : null;
  let end: Date | null = null;
  if (filter.to) {
    end = isDayBound(filter.to)
      ? new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)
      : new Date(Date.parse(filter.to) + 1);
  }
  return { start, end };
}

export const pointsHistoryFilterSchema = z
  .strictObject({
    /** One ledger reason: only its rows. */
    kind: z.enum(ledgerReasons, { error: messages.oneOf("kind", ledgerReasons.join(", ")) }).optional(),
    from: dateBound.optional(),
    to: dateBound.optional(),
  })
  .superRefine((filter, ctx) => {
    const { start, end } = historyRange(filter);
    if (start && end && start >= end)
      ctx.addIssue({ code: "custom", path: ["to"], message: messages.toBeforeFrom });
  });
export type PointsHistoryFilter = z.input<typeof pointsHistoryFilterSchema>;

/**
 * POST /api/users/{id}/ledger: the list kit's body. Always newest first (createdAt desc, then id desc):
 * sortField and sortOrder are accepted only with those values.
 */
export const pointsHistoryBodySchema = z.object({
  queryParams: z
    .strictObject({
      filter: pointsHistoryFilterSchema.default({}),
      sortField: z
        .literal("createdAt", { error: messages.mustBe("sortField", "createdAt") })
        .default("createdAt"),
      sortOrder: z.literal("desc", { error: messages.mustBe("sortOrder", "desc") }).default("desc"),
      pageNumber: z.number().int().min(1).default(1),
      pageSize: z
        .number()
        .int()
        .min(1, messages.between("pageSize", 1, maxPageSize))
        .max(maxPageSize, messages.between("pageSize", 1, maxPageSize))
        .default(defaultPageSize),
    })
    .default({
      filter: {},
      sortField: "createdAt",
      sortOrder: "desc",
      pageNumber: 1,
      pageSize: defaultPageSize,
    }),
});
export type PointsHistoryBody = z.input<typeof pointsHistoryBodySchema>;
export type PointsHistoryQuery = z.output<typeof pointsHistoryBodySchema>["queryParams"];

/** One ledger entry of a user, with the balances after it and the records it names. */
export const pointsHistoryEntrySchema = z.object({
  _id: z.string(),
  /** The ledger reason. */
  kind: z.enum(ledgerReasons),
  /** Signed: credits positive, debits negative. */
  points: z.number().int(),
  /** The balance the entry moves. */
  bucket: z.enum(ledgerBuckets),
  /** The available (spendable) balance after this entry, over all the user's entries (not only the filtered). */
  balanceAfter: z.number().int(),
  /** The pending (held) balance after this entry. */
  pendingAfter: z.number().int(),
  createdAt: z.string(),
  /** The completed offer of an offer, offer_reversal, referral, referral_reversal or hold_release entry. */
  offer: z
    .object({
      _id: z.string(),
      network: z.string(),
      offerName: z.string(),
      transactionId: z.string(),
    })
    .nullable(),
  /** The redeem of a redeem or redeem_refund entry. */
  redeem: z.object({ _id: z.string(), rewardName: z.string() }).nullable(),
  /** A referral share's source: the user whose offer paid it. */
  referredUser: z.object({ _id: z.string(), username: z.string() }).nullable(),
  /** The member who made an adjustment. */
  actor: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
  /** An adjustment's reason. */
  note: z.string().nullable(),
});
export type PointsHistoryEntry = z.infer<typeof pointsHistoryEntrySchema>;

export const pointsHistoryAnswerSchema = listAnswerSchema(pointsHistoryEntrySchema);
export type PointsHistoryAnswer = z.infer<typeof pointsHistoryAnswerSchema>;
