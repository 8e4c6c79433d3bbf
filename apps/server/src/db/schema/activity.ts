import { sql } from "drizzle-orm";
import {
  bigint,
  bit,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * What happened per tenant in each 15-minute slot (UTC), kept by database triggers on app_users,
 * completed_offers and redeems in the same transaction as each write, so the dashboard reads a few
 * hundred rows instead of counting millions. 15 minutes divides every real time-zone offset, so local
 * days are exact sums of slots. Writes spread over 8 shards per slot, and the triggers run at commit, so concurrent
 * postbacks do not queue on one row.
 */
export const activityBuckets = pgTable(
  "activity_buckets",
  {
    // Derived data: no foreign key, so a cascading delete never fires triggers against a vanishing row.
    adminId: uuid("admin_id").notNull(),
    bucketStart: timestamp("bucket_start", { withTimezone: true }).notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
    offers: integer("offers").notNull().default(0),
    /** USD payouts of the slot's offers that are credited (a reversal takes its payout back out). */
    revenue: numeric("revenue", { precision: 16, scale: 4, mode: "number" }).notNull().default(0),
    redeems: integer("redeems").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.bucketStart, t.shard] })],
);

/**
 * The same figures per whole UTC hour (kept by the same triggers), so a dashboard period reads 4 times
 * fewer rows: it takes whole hours from here and only the hours a local-day boundary cuts (zones with
 * :30 or :45 offsets) from the 15-minute slots.
 */
export const activityHours = pgTable(
  "activity_hours",
  {
    adminId: uuid("admin_id").notNull(),
    hourStart: timestamp("hour_start", { withTimezone: true }).notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
    offers: integer("offers").notNull().default(0),
    revenue: numeric("revenue", { precision: 16, scale: 4, mode: "number" }).notNull().default(0),
    redeems: integer("redeems").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.hourStart, t.shard] }),
    // The rows rollups_compact has still to fold (shard -1 holds the folded ones).
    index("activity_hours_unfolded_idx").on(t.hourStart).where(sql`${t.shard} >= 0`),
  ],
);

/**
 * Each tenant's all-time totals, over the same 8 shards, kept by the same triggers (activity_add) in the
 * same commit: the dashboard's all-time figures and the lists' unfiltered counts read 8 rows, however
 * long the history (decision 0016).
 */
export const activityTotals = pgTable(
  "activity_totals",
  {
    adminId: uuid("admin_id").notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
    offers: integer("offers").notNull().default(0),
    revenue: numeric("revenue", { precision: 18, scale: 4, mode: "number" }).notNull().default(0),
    redeems: integer("redeems").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.shard] })],
);

/**
 * Completed offers' changes waiting to be folded into the dashboard's slots, hours and totals and the
 * analytics rollups (decision 0031): a trigger appends the row that went out (sign -1) and the row that
 * came in (+1) instead of upserting a dozen rollup rows at the offer's commit; offer_rollups_fold applies
 * them in batches, and every read of those rollups folds first. No key and no index: it is appended to
 * and emptied whole.
 */
export const offerRollupChanges = pgTable("offer_rollup_changes", {
  adminId: uuid("admin_id").notNull(),
  userId: uuid("user_id").notNull(),
  offerId: uuid("offer_id").notNull(),
  sign: smallint("sign").notNull(),
  status: text("status").notNull(),
  date: timestamp("date", { withTimezone: true }).notNull(),
  payout: numeric("payout", { precision: 14, scale: 4 }).notNull(),
  points: bigint("points", { mode: "number" }).notNull(),
  referralPoints: bigint("referral_points", { mode: "number" }).notNull(),
  network: text("network").notNull(),
  offerName: text("offer_name").notNull(),
  geo: text("geo"),
  platform: text("platform"),
});

/**
 * What an app owes its users: the sum of their spendable (`available_points`) and held (`pending_points`)
 * balances, moved by a trigger on every ledger row in the same transaction. Sharded by the writing
 * transaction's id, not by a row's: a transaction's ledger rows (a credit and its referral share, a release's
 * two rows) all move the same one of the 8 rows, so two transactions never wait for each other in opposite
 * orders (a deadlock), and concurrent ones spread over the shards.
 */
export const balanceTotals = pgTable(
  "balance_totals",
  {
    adminId: uuid("admin_id").notNull(),
    shard: smallint("shard").notNull(),
    availablePoints: bigint("available_points", { mode: "number" }).notNull().default(0),
    pendingPoints: bigint("pending_points", { mode: "number" }).notNull().default(0),
    /** Redeems waiting to be paid (Pending or Processing), and the points they hold. */
    pendingRedeems: integer("pending_redeems").notNull().default(0),
    pendingRedeemPoints: bigint("pending_redeem_points", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.shard] })],
);

/**
 * The redeems paid and still Sent, per UTC day of their payment and method (`manual` for a payment made
 * before methods were recorded), over the same 8 shards as the activity slots: the dashboard's "Payouts
 * today" reads at most 24 rows instead of every redeem paid today. Kept by a trigger on redeems at commit.
 */
export const payoutDays = pgTable(
  "payout_days",
  {
    adminId: uuid("admin_id").notNull(),
    day: date("day").notNull(),
    method: text("method").notNull(),
    shard: smallint("shard").notNull(),
    redeems: integer("redeems").notNull().default(0),
    points: bigint("points", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.day, t.method, t.shard] })],
);

/**
 * Analytics' rollup: per day of the app's reporting time zone, per dimension (`total` with key '', or
 * `network`, `country`, `offer`, `platform` with the value as key), over the same 8 shards as the activity
 * slots. Kept by database triggers on completed_offers (conversions, reversals, revenue, points issued),
 * app_users (new users, `total` only) and redeems (redeems paid, `total` only), in the writing transaction,
 * so a 90-day report reads a few thousand rows, never the offers.
 */
export const analyticsDays = pgTable(
  "analytics_days",
  {
    adminId: uuid("admin_id").notNull(),
    dimension: text("dimension").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
    conversions: integer("conversions").notNull().default(0),
    reversals: integer("reversals").notNull().default(0),
    /** USD paid by the networks for the credited offers (a reversal takes its payout back out). */
    revenue: numeric("revenue", { precision: 16, scale: 4, mode: "number" }).notNull().default(0),
    /** Points given for the credited offers, the referrers' shares included. */
    points: bigint("points", { mode: "number" }).notNull().default(0),
    paid: integer("paid").notNull().default(0),
    paidPoints: bigint("paid_points", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.dimension, t.day, t.key, t.shard] }),
    // The rows rollups_compact has still to fold (shard -1 holds the folded ones).
    index("analytics_days_unfolded_idx").on(t.day).where(sql`${t.shard} >= 0`),
  ],
);

/**
 * Who earned, per day and dimension value, as a 512×16-bit probabilistic counting sketch (PCSA): the sketches
 * of any range of days merge by bitwise OR (`bit_or`), and the merged sketch estimates the distinct users
 * (±3-4%) without keeping one row per user and day.
 */
export const analyticsReach = pgTable(
  "analytics_reach",
  {
    adminId: uuid("admin_id").notNull(),
    dimension: text("dimension").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull(),
    sketch: bit("sketch", { dimensions: 8192 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.dimension, t.day, t.key] })],
);

/** Retention: per sign-up week (Monday, reporting time zone), the users who earned in week 1 to 8 after it. */
export const analyticsCohorts = pgTable(
  "analytics_cohorts",
  {
    adminId: uuid("admin_id").notNull(),
    cohortWeek: date("cohort_week").notNull(),
    week: smallint("week").notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.cohortWeek, t.week, t.shard] })],
);
