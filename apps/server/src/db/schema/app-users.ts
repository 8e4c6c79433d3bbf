import { languages, ledgerBuckets } from "@rewards/contract";
import { getTableColumns, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";

const tenant = () =>
  uuid("admin_id")
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" });

/**
 * The users' trigram index keeps PostgreSQL's default pending list (4 MB), written out here. Every credit
 * rewrites its user's row (`points` is indexed), adding an entry to the list, and the credit that fills it
 * merges it into the index: a larger list merges more entries a key at once. Against 256 kB, a credit's
 * statement took 0.31–0.34 ms of PostgreSQL's time instead of 0.45–0.50, while a search for one user's
 * e-mail, which reads the whole list, took 3.6–3.8 ms with 287 pages pending against 2.1–2.4 with none
 * (docs/performance.md, "The users' trigram index and the credits").
 */
export const usersTrigramPendingListKb = 4096;

/**
 * The rewards app's users. `points` is a cached balance: it always equals the sum of the user's ledger
 * rows, both written in one transaction. Every index leads with admin_id: each request is one tenant's.
 * Sort indexes are ascending: scanned backwards they serve `desc` too (a `desc` index is `nulls last`,
 * which matches neither `order by … desc` nor `asc`, so the planner could not use it for either).
 */
export const appUsers = pgTable(
  "app_users",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    username: text("username").notNull(),
    referCode: text("refer_code").notNull(),
    referredBy: uuid("referred_by").references((): AnyPgColumn => appUsers.id, { onDelete: "set null" }),
    device: text("device", { enum: ["android", "ios"] }),
    geo: text("geo"),
    ipSignup: text("ip_signup"),
    visitorId: text("visitor_id"),
    /** The spendable balance: the sum of the user's `available` ledger rows (below zero while a reversal's debt is unpaid). */
    points: bigint("points", { mode: "number" }).notNull().default(0),
    /** Held points, not yet spendable: the sum of the user's `pending` ledger rows. */
    pendingPoints: bigint("pending_points", { mode: "number" }).notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    isVerified: boolean("is_verified").notNull().default(false),
    provision: numeric("provision", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    googleId: text("google_id"),
    facebookId: text("facebook_id"),
    userInfo: jsonb("user_info").$type<Record<string, unknown>>(),
    /** Argon2id hash of the app password; null for users who never set one (seeded, social sign-in). */
    passwordHash: text("password_hash"),
    /**
     * Why this user looks risky (contract `riskReasons`): IP screening flags and linked accounts, kept
     * up to date by the writes that discover them (sign-up, redeem), so lists read them without joins.
     */
    riskReasons: text("risk_reasons").array().notNull().default(sql`'{}'::text[]`),
    /** The language of the user's e-mails, from the locale the app sent; null: the app's default language. */
    language: text("language", { enum: languages }),
    /**
     * Analytics' retention: bit k (1 to 8) is set once the user has earned in the k-th week after the week
     * they signed up (weeks of the app's reporting time zone), so each week counts the user once.
     */
    activeWeeks: smallint("active_weeks").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("app_users_admin_username_key").on(t.adminId, t.username),
    // The Users list sorted by e-mail reads byte order (collation "C"): the same on every database, and
    // the order the position index's text buckets keep (lib/list-buckets.ts).
    index("app_users_admin_username_bytes_idx").on(t.adminId, sql`${t.username} collate "C"`, t.id),
    index("app_users_admin_status_username_bytes_idx").on(
      t.adminId,
      t.isActive,
      sql`${t.username} collate "C"`,
      t.id,
    ),
    uniqueIndex("app_users_admin_refer_code_key").on(t.adminId, t.referCode),
    index("app_users_admin_created_idx").on(t.adminId, t.createdAt, t.id),
    index("app_users_admin_points_idx").on(t.adminId, t.points, t.id),
    index("app_users_admin_status_created_idx").on(t.adminId, t.isActive, t.createdAt, t.id),
    index("app_users_admin_status_points_idx").on(t.adminId, t.isActive, t.points, t.id),
    index("app_users_admin_ip_idx").using("btree", t.adminId, sql`${t.ipSignup} text_pattern_ops`),
    index("app_users_admin_visitor_idx").on(t.adminId, t.visitorId),
    index("app_users_admin_referred_by_idx").on(t.adminId, t.referredBy),
    // Substring search on e-mail (ILIKE '%…%'): a trigram index, from pg_trgm (PGlite ships it too), its
    // pending list sized for the credits that fill it (usersTrigramPendingListKb).
    index("app_users_username_trgm_idx")
      .using("gin", sql`${t.username} gin_trgm_ops`)
      .with({ gin_pending_list_limit: usersTrigramPendingListKb }),
    // Search: e-mail prefix, case-insensitive (lower(username) LIKE 'q%').
    index("app_users_admin_username_lower_idx").using(
      "btree",
      t.adminId,
      sql`lower(${t.username}) text_pattern_ops`,
    ),
  ],
);

/**
 * Every column of an app user but the password hash: what every read selects except the app's sign-in,
 * the one place that checks the hash. A list, a details modal or a session has no reason to load it.
 */
const { passwordHash: _passwordHash, ...appUserColumns } = getTableColumns(appUsers);

export { appUserColumns };

/** An app user's row as read everywhere but sign-in (no password hash). */
export type AppUserRow = Omit<typeof appUsers.$inferSelect, "passwordHash">;

/** Device records the app sends at sign-up and later sign-ins (docs/features/app-users.md). */
export const appUserDevices = pgTable(
  "app_user_devices",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    deviceName: text("device_name"),
    bssid: text("bssid"),
    gaid: text("gaid"),
    locale: text("locale"),
    resolution: text("resolution"),
    countryCode: text("country_code"),
    carrierCountry: text("carrier_country"),
    osVersion: text("os_version"),
    androidId: text("android_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("app_user_devices_user_idx").on(t.userId, t.createdAt),
    // Linked accounts: users sharing a device id.
    index("app_user_devices_admin_gaid_idx").on(t.adminId, t.gaid),
    index("app_user_devices_admin_android_id_idx").on(t.adminId, t.androidId),
  ],
);

/** An app user's signed-in session; the app token names it, so signing out revokes just that one. */
export const appUserSessions = pgTable(
  "app_user_sessions",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("app_user_sessions_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What the IP-data service said about an address at sign-up or at a redeem. `unscreened` when the
 * service was not configured or failed: that never blocks a user, but it is a risk reason.
 */
export const ipScreenings = pgTable(
  "ip_screenings",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    redeemId: uuid("redeem_id"),
    purpose: text("purpose", { enum: ["signup", "redeem"] }).notNull(),
    ip: text("ip").notNull(),
    status: text("status", { enum: ["screened", "unscreened"] }).notNull(),
    country: text("country"),
    isVpn: boolean("is_vpn").notNull().default(false),
    isProxy: boolean("is_proxy").notNull().default(false),
    isTor: boolean("is_tor").notNull().default(false),
    isDatacenter: boolean("is_datacenter").notNull().default(false),
    isThreat: boolean("is_threat").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ip_screenings_user_idx").on(t.userId, t.createdAt),
    index("ip_screenings_redeem_idx").on(t.redeemId),
  ],
);

/** Offers the networks reported as completed; the unique key makes postbacks idempotent. */
export const completedOffers = pgTable(
  "completed_offers",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    transactionId: text("transaction_id").notNull(),
    offerName: text("offer_name").notNull(),
    payout: numeric("payout", { precision: 14, scale: 4, mode: "number" }).notNull(),
    points: bigint("points", { mode: "number" }).notNull(),
    ip: text("ip"),
    geo: text("geo"),
    status: text("status", { enum: ["credited", "reversed", "pending"] })
      .notNull()
      .default("credited"),
    /** The referrer credited with a share of this offer, and how much, so a reversal takes back exactly that. */
    referrerId: uuid("referrer_id"),
    referralPoints: bigint("referral_points", { mode: "number" }).notNull().default(0),
    /** The user's device when the offer was credited (set by the database), for analytics by platform. */
    platform: text("platform"),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("completed_offers_admin_network_tx_key").on(t.adminId, t.network, t.transactionId),
    index("completed_offers_admin_date_idx").on(t.adminId, t.date, t.id),
    index("completed_offers_admin_payout_idx").on(t.adminId, t.payout, t.id),
    index("completed_offers_admin_network_date_idx").on(t.adminId, t.network, t.date, t.id),
    index("completed_offers_admin_network_payout_idx").on(t.adminId, t.network, t.payout, t.id),
    index("completed_offers_admin_user_date_idx").on(t.adminId, t.userId, t.date, t.id),
    index("completed_offers_admin_ip_idx").using("btree", t.adminId, sql`${t.ip} text_pattern_ops`),
    // Search: an offer by its transaction id, whatever the network.
    index("completed_offers_admin_tx_idx").on(t.adminId, t.transactionId),
  ],
);

/**
 * What the hold rules read of a user's whole history, kept by a trigger on completed_offers (migration
 * 0039) so that a postback reads one row instead of every offer the user ever completed.
 */
export const userOfferTotals = pgTable("user_offer_totals", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => appUsers.id, { onDelete: "cascade" }),
  // Derived data: the user's key is enough (deleting an app deletes its users, and their totals with them).
  adminId: uuid("admin_id").notNull(),
  /** US dollars of the user's credited offers (a reversal takes its payout back out). */
  creditedUsd: numeric("credited_usd", { precision: 16, scale: 4, mode: "number" }).notNull().default(0),
  /** The user's offers that are reversed. */
  reversals: integer("reversals").notNull().default(0),
});

/** Every move of a user's points, signed (decision 0004, docs/features/ledger.md). */
export const pointsLedger = pgTable(
  "points_ledger",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    reason: text("reason", {
      enum: [
        "offer",
        "offer_reversal",
        "referral",
        "referral_reversal",
        "redeem",
        "redeem_refund",
        "admin_adjustment",
        "social_bonus",
        "hold_release",
      ],
    }).notNull(),
    /** The balance the row moves: `available` (the user's `points`) or `pending` (`pending_points`). */
    bucket: text("bucket", { enum: ledgerBuckets }).notNull().default("available"),
    /** The offer, redeem or user the move comes from, when there is one. */
    referenceId: uuid("reference_id"),
    /** Who made an admin adjustment. */
    actorAdminId: uuid("actor_admin_id"),
    /** Why an administrator adjusted the points (required for `admin_adjustment`). */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("points_ledger_user_created_idx").on(t.userId, t.createdAt),
    index("points_ledger_user_reason_idx").on(t.userId, t.reason),
    // A support agent's adjustments of the last 24 hours, summed against the team's limit.
    index("points_ledger_adjustment_actor_idx")
      .on(t.adminId, t.actorAdminId, t.createdAt)
      .where(sql`${t.reason} = 'admin_adjustment'`),
  ],
);
