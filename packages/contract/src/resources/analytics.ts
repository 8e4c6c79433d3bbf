import { z } from "zod";
import { isCalendarDay } from "../common.ts";
import { messages } from "../messages.ts";
import { liabilitiesSchema } from "./payouts.ts";

export const analyticsGranularities = ["day", "week", "month"] as const;
export type AnalyticsGranularity = (typeof analyticsGranularities)[number];
export const analyticsDimensions = ["network", "country", "offer", "platform"] as const;
export type AnalyticsDimension = (typeof analyticsDimensions)[number];

/** The longest range one call covers (two years of days). */
export const analyticsMaxDays = 731;
/** Breakdown rows answered, the top ones by revenue. */
export const analyticsBreakdownLimit = 50;
/** Weeks after sign-up the cohort table follows. */
export const analyticsCohortWeeks = 8;
/** Sign-up weeks the cohort table shows, the last ending with the range's last week. */
export const analyticsCohortCount = 8;

const dayMessage = "Use a date YYYY-MM-DD";
const dayShape = /^\d{4}-\d{2}-\d{2}$/;

const day = z.string({ error: dayMessage }).regex(dayShape, dayMessage).refine(isCalendarDay, dayMessage);

/** Whole days from `from` to `to`, both included. */
export const analyticsDaysIn = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Days of the app's reporting time zone, both ends included. */
export const analyticsQuerySchema = z
  .object({
    from: day,
    to: day,
    granularity: z
      .enum(analyticsGranularities, {
        error: messages.oneOf("granularity", analyticsGranularities.join(", ")),
      })
      .default("day"),
    by: z
      .enum(analyticsDimensions, { error: messages.oneOf("by", analyticsDimensions.join(", ")) })
      .default("network"),
  })
  .refine((query) => query.from <= query.to, { error: messages.fromAfterTo, path: ["to"] })
  .refine((query) => analyticsDaysIn(query.from, query.to) <= analyticsMaxDays, {
    error: messages.rangeTooLong(analyticsMaxDays),
    path: ["to"],
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const usd = z.number().meta({ description: "US dollars" });

const periodSchema = z.object({
  /** The period's first day (YYYY-MM-DD): the day, the Monday of the week, the 1st of the month. */
  start: z.string(),
  /** USD the networks paid for the period's credited offers. */
  revenue: usd,
  /** Points given for those offers, referrers' shares included. */
  pointsIssued: z.number().int(),
  /** What those points cost, at the app's current points per dollar. */
  pointsCostUsd: usd,
  /** Redeems paid (Sent) in the period, at their cost in points, in USD. */
  paidUsd: usd,
  /** Gross margin: revenue less the points' cost. */
  margin: usd,
  /** Margin as a share of revenue (0.25 is 25%); null without revenue. */
  marginPct: z.number().nullable(),
  conversions: z.number().int(),
  reversals: z.number().int(),
  newUsers: z.number().int(),
  paidRedeems: z.number().int(),
});
export type AnalyticsPeriod = z.infer<typeof periodSchema>;

const breakdownSchema = z.object({
  /** The network, country code, "offer name · network" or platform; '' when unknown. */
  key: z.string(),
  /** Credited and reversed offers. */
  conversions: z.number().int(),
  revenue: usd,
  /** Revenue per credited offer; null without one. */
  averagePayout: usd.nullable(),
  reversals: z.number().int(),
  /** Reversals as a share of conversions; null without conversions. */
  reversalRate: z.number().nullable(),
  /** Distinct users who earned: an estimate within a few percent (see usersAreEstimates). */
  users: z.number().int(),
  pointsIssued: z.number().int(),
});
export type AnalyticsBreakdownRow = z.infer<typeof breakdownSchema>;

const cohortSchema = z.object({
  /** The sign-up week's Monday (YYYY-MM-DD). */
  week: z.string(),
  /** Users who signed up that week (still in the app). */
  users: z.number().int(),
  /** Of them, how many earned in week 1..8 after it; null for a week that has not begun. */
  active: z.array(z.number().int().nullable()).length(analyticsCohortWeeks),
});

const arpuSchema = z.object({
  country: z.string(),
  /** Revenue per earning user over the 30 and 90 days ending with the range's last day. */
  revenue30: usd,
  users30: z.number().int(),
  arpu30: usd.nullable(),
  revenue90: usd,
  users90: z.number().int(),
  arpu90: usd.nullable(),
});

export const analyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(analyticsGranularities),
  by: z.enum(analyticsDimensions),
  /** The app's reporting time zone: the days above are its days. */
  timeZone: z.string(),
  /** Points per US dollar used for every USD figure made from points. */
  pointsPerDollar: z.number().int(),
  periods: z.array(periodSchema),
  totals: periodSchema.omit({ start: true }),
  breakdown: z.array(breakdownSchema),
  /** Breakdown values beyond the top ones (by revenue) left out. */
  breakdownOmitted: z.number().int(),
  /** `users` figures are sketch estimates (±3–4%), not exact counts. */
  usersAreEstimates: z.literal(true),
  cohorts: z.array(cohortSchema),
  arpu: z.array(arpuSchema),
  /** Now, whatever the range: what users hold and what redeems wait to be paid. */
  liabilities: liabilitiesSchema.extend({
    pendingRedeems: z.number().int(),
    pendingRedeemPoints: z.number().int(),
    pendingRedeemsUsd: usd,
  }),
});
export type Analytics = z.infer<typeof analyticsSchema>;
