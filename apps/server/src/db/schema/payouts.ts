import {
  type AutoApproval,
  defaultHoldRules,
  defaultReversalHold,
  fulfilments,
  type HoldRule,
  holdStates,
  payoutStates,
  providerDeliveries,
  type ReversalHold,
} from "@rewards/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { encryptedText, storedInClear } from "../../lib/secret-box.ts";
import { admins } from "./admins.ts";
import { appUsers } from "./app-users.ts";
import { rewardItems } from "./catalog.ts";
import { redeems } from "./redeems.ts";

/**
 * The gift-card codes of a reward item paid from inventory (docs/features/payouts.md). The code and PIN are
 * encrypted at rest; `fingerprint` (a keyed hash of the code) finds duplicates without decrypting, and
 * `last4` is what lists show. A code is used once: `used_at` marks it, and `redeem_id` (unique) names the redeem it paid.
 */
export const rewardCodes = pgTable(
  "reward_codes",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    rewardItemId: uuid("reward_item_id")
      .notNull()
      .references(() => rewardItems.id, { onDelete: "cascade" }),
    code: encryptedText("code").notNull(),
    pin: encryptedText("pin"),
    fingerprint: text("fingerprint").notNull(),
    last4: text("last4").notNull(),
    /** The last day the code can be used (UTC), when it has one. */
    expiresOn: date("expires_on", { mode: "string" }),
    redeemId: uuid("redeem_id").references(() => redeems.id, { onDelete: "set null" }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reward_codes_admin_fingerprint_key").on(t.adminId, t.fingerprint),
    uniqueIndex("reward_codes_redeem_key").on(t.redeemId),
    // The next code to pay with: unused, soonest to expire first.
    index("reward_codes_item_unused_idx")
      .on(t.rewardItemId, t.expiresOn, t.id)
      .where(sql`${t.usedAt} IS NULL`),
    index("reward_codes_item_created_idx").on(t.rewardItemId, t.createdAt, t.id),
    // Codes and PINs still in clear, which the start seals: empty once sealed (db/secrets-at-rest.ts).
    index("reward_codes_clear_secrets_idx")
      .on(t.id)
      .where(sql`${storedInClear(t.code)} or ${storedInClear(t.pin)}`),
  ],
);

/**
 * The app's payout rules (docs/features/payouts.md): a switch that stops every payout, and the redeem cost
 * (points) above which a second member must approve before anyone pays. An app without a row has the
 * defaults (not paused, no approval needed).
 */
export const payoutSettings = pgTable("payout_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  paused: boolean("paused").notNull().default(false),
  approvalAbove: bigint("approval_above", { mode: "number" }),
  /** The Tremendous account (all set, or all null): its API key and webhook private key encrypted at rest. */
  tremendousApiKey: encryptedText("tremendous_api_key"),
  tremendousBaseUrl: text("tremendous_base_url"),
  tremendousFundingSourceId: text("tremendous_funding_source_id"),
  tremendousWebhookPrivateKey: encryptedText("tremendous_webhook_private_key"),
  tremendousDelivery: text("tremendous_delivery", { enum: providerDeliveries }).notNull().default("EMAIL"),
  holdRules: jsonb("hold_rules").$type<HoldRule[]>().notNull().default(defaultHoldRules),
  /** Null: off. */
  reversalHold: jsonb("reversal_hold").$type<ReversalHold | null>().default(defaultReversalHold),
  /** Null: off. */
  autoApproval: jsonb("auto_approval").$type<AutoApproval | null>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A "Pay selected": the redeems it was asked to pay are its payouts (`payouts.job_id`). */
export const payoutJobs = pgTable(
  "payout_jobs",
  {
    id: uuid("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** The member who asked (null: the shell, or automatic approval). */
    createdByAdminId: uuid("created_by_admin_id"),
    total: integer("total").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payout_jobs_app_created_idx").on(t.appId, t.createdAt)],
);

/**
 * One attempt to pay one redeem through its item's fulfilment (inventory or provider), worked by the payout
 * worker like the mail outbox: claimed with FOR UPDATE SKIP LOCKED, retried with backoff while the provider
 * is down. `queued` → `processing` (a provider order placed, its status awaited) → `paid` | `failed`.
 * A redeem has at most one payout that is not finished (partial unique index).
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    redeemId: uuid("redeem_id")
      .notNull()
      .references(() => redeems.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => payoutJobs.id, { onDelete: "set null" }),
    /** The member who asked for it (the redeem's payer); null for automatic approval. */
    requestedByAdminId: uuid("requested_by_admin_id"),
    /** The item's fulfilment when asked; a manual item's redeem in a "Pay selected" is refused at once (failed). */
    method: text("method", { enum: fulfilments }).notNull(),
    status: text("status", { enum: payoutStates }).notNull().default("queued"),
    /** Why it failed or is waiting (shown to the operator). */
    message: text("message"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim: a claim that lapsed (its process died) is taken over. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    providerOrderId: text("provider_order_id"),
    providerRewardId: text("provider_reward_id"),
    /** The provider's last order and delivery status, as it said them (e.g. "EXECUTED/SUCCEEDED"). */
    providerStatus: text("provider_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payouts_redeem_active_key")
      .on(t.redeemId)
      .where(sql`${t.status} in ('queued', 'processing')`),
    index("payouts_redeem_created_idx").on(t.redeemId, t.createdAt),
    index("payouts_job_idx").on(t.jobId),
    // The worker's claim: due work only.
    index("payouts_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'processing')`),
    index("payouts_app_order_idx").on(t.appId, t.providerOrderId),
    index("payouts_app_reward_idx").on(t.appId, t.providerRewardId),
    // Payouts today by method (dashboard).
    index("payouts_app_finished_idx").on(t.appId, t.finishedAt).where(sql`${t.status} = 'paid'`),
  ],
);

/** Provider webhook events already applied, by their uuid: a repeated event changes nothing. */
export const providerEvents = pgTable(
  "provider_events",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    uuid: text("uuid").notNull(),
    event: text("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.provider, t.uuid] })],
);

/**
 * A held credit (docs/features/payouts.md): an offer's points credited to the user's pending balance, released
 * to the available balance at `release_at` by the release job (or by hand), or taken back by a reversal.
 */
export const pointHolds = pgTable(
  "point_holds",
  {
    id: uuid("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    /** The completed offer whose credit (or referral share) it holds. */
    offerId: uuid("offer_id"),
    points: bigint("points", { mode: "number" }).notNull(),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: holdStates }).notNull().default("held"),
    reason: text("reason").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The release job's scan: held credits whose time has come.
    index("point_holds_due_idx").on(t.releaseAt).where(sql`${t.status} = 'held'`),
    index("point_holds_user_created_idx").on(t.appId, t.userId, t.createdAt),
    // The app's GET /me: a user's next release is this index's first entry. Without it the planner walks
    // the release job's index above and skips every other user's held credit.
    index("point_holds_user_held_idx").on(t.appId, t.userId, t.releaseAt).where(sql`${t.status} = 'held'`),
    index("point_holds_offer_idx").on(t.appId, t.offerId),
  ],
);
