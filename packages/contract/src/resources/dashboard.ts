import { z } from "zod";
import { canonicalTimeZone, isTimeZone } from "../common.ts";
import { offerStatuses } from "../constants.ts";
import { messages } from "../messages.ts";
import { liabilitiesSchema, payoutsTodaySchema } from "./payouts.ts";

/**
 * The "today" widgets' period; its days are those of the IANA zone the client sends (the web sends the
 * app's time zone; decision 0007).
 */
export const dashboardRanges = ["today", "yesterday", "last7", "last30", "thisMonth"] as const;
export type DashboardRange = (typeof dashboardRanges)[number];

export const dashboardQuerySchema = z.object({
  tz: z
    .string()
    .max(64)
    .default("UTC")
    .refine(isTimeZone, { error: messages.timeZoneInvalid })
    .transform(canonicalTimeZone),
  range: z
    .enum(dashboardRanges, { error: messages.oneOf("range", dashboardRanges.join(", ")) })
    .default("today"),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** Seven daily points, 6 Days Ago first and Today last. */
const series = z.array(z.number()).length(7);

export const dashboardSchema = z.object({
  range: z.enum(dashboardRanges),
  /** The period the "today" figures cover, as ISO instants (start inclusive, end exclusive). */
  period: z.object({ from: z.string(), to: z.string() }),
  /** The seven local days of the series, as YYYY-MM-DD. */
  days: z.array(z.string()).length(7),
  todayOffers: z.number().int(),
  todayUsers: z.number().int(),
  todayRedeems: z.number().int(),
  /** USD: payouts of the period's offers that are still credited. */
  todayRevenue: z.number(),
  userWidget: z.object({ users: z.number().int(), usersData: series }),
  revenueWidget: z.object({ revenue: z.number(), revenueData: series }),
  redeemWidget: z.object({ redeemCount: z.number().int(), redeemData: series }),
  offersWidget: z.object({ offers: z.number().int(), offersData: series }),
  LastUsers: z.array(
    z.object({
      _id: z.string(),
      username: z.string(),
      createdAt: z.string(),
      device: z.enum(["android", "ios"]).nullable(),
    }),
  ),
  LastCompletedOffers: z.array(
    z.object({
      _id: z.string(),
      offerName: z.string(),
      network: z.string(),
      payout: z.number(),
      status: z.enum(offerStatuses),
      date: z.string(),
      userEmail: z.string(),
    }),
  ),
  LastRedeems: z.array(
    z.object({
      _id: z.string(),
      rewardName: z.string(),
      rewardAmount: z.string(),
      rewardCost: z.number().int(),
      status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      redeemDate: z.string(),
      userEmail: z.string(),
    }),
  ),
  /** The app's inventory items with fewer available codes than their alert threshold, fewest first. */
  lowStock: z.array(
    z.object({
      rewardItemId: z.string(),
      rewardName: z.string(),
      cost: z.string(),
      available: z.number().int(),
      lowStockBelow: z.number().int(),
    }),
  ),
  /** Points the app owes: spendable and held, with their value in US dollars. */
  liabilities: liabilitiesSchema,
  /** Redeems paid today (UTC), by fulfilment. */
  payoutsToday: payoutsTodaySchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** How many rows each "last" list holds. */
export const dashboardLastCount = 5;
