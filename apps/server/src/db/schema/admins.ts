import { languages, memberRoles } from "@rewards/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { encryptedText } from "../../lib/secret-box.ts";

/** Administrators: each one owns one rewards app (a tenant). */
export const admins = pgTable(
  "admins",
  {
    id: uuid("id").primaryKey(),
    fullName: text("full_name").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["owner", "admin"] }).notNull(),
    status: text("status", { enum: ["pending", "active", "disabled"] }).notNull(),
    // Bumped on reset and disable; tokens carrying an older version stop working at once.
    tokenVersion: integer("token_version").notNull().default(0),
    /** The random key in this tenant's postback URLs (decision 0011). */
    postbackKey: text("postback_key")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** The public key the mobile app sends to name its tenant on /app/v1 (not a secret). */
    appKey: text("app_key").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The TOTP seed of an enabled second factor, encrypted (lib/secret-box); null while 2FA is off. */
    mfaSecret: encryptedText("mfa_secret"),
    /** A seed from setup that no code has confirmed yet, encrypted; it opens nothing until enabled. */
    mfaPendingSecret: encryptedText("mfa_pending_secret"),
    mfaEnabledAt: timestamp("mfa_enabled_at", { withTimezone: true }),
    /** The last TOTP time step accepted, so a code cannot be used twice inside its window. */
    mfaLastStep: bigint("mfa_last_step", { mode: "number" }),
    /** The dashboard language the member chose; null until then (the browser's language applies). */
    language: text("language", { enum: languages }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("admins_username_key").on(t.username),
    uniqueIndex("admins_postback_key_key").on(t.postbackKey),
    uniqueIndex("admins_app_key_key").on(t.appKey),
    // At most one owner, whatever races happen at the first registration.
    uniqueIndex("admins_one_owner_key").on(t.role).where(sql`${t.role} = 'owner'`),
    index("admins_created_at_idx").on(t.createdAt),
  ],
);

/** Single-use password reset tokens, stored only as a SHA-256 hash. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("password_resets_token_hash_key").on(t.tokenHash),
    index("password_resets_admin_idx").on(t.adminId),
  ],
);

/** Installation-wide values that every server process must share (e.g. a generated JWT secret). */
export const installationSettings = pgTable("installation_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An administrator's signed-in session: the access token names it, and every request checks that it has
 * not ended, so sign-out, "sign out everywhere" and a password change end tokens at once.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** The app this session acts in (its owner's account id): every request of the session is scoped to it. */
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId, t.createdAt)],
);

/** Single-use 2FA recovery codes, stored only as a hash; shown once when 2FA is enabled. */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("admin_recovery_codes_admin_hash_key").on(t.adminId, t.codeHash)],
);

/**
 * Rate-limit counters shared by every server process (sign-in, recovery, 2FA codes, app sign-in):
 * one row per key, counted atomically with INSERT … ON CONFLICT, surviving a restart.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    /** When the count starts over; pushed out when a key keeps failing past its limit (backoff). */
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_reset_idx").on(t.resetAt)],
);

/**
 * The team of an app: which accounts may act in it, and with what role (docs/features/team.md). An app is
 * named by its owner's account id; every account that registered owns its own app.
 */
export const appMembers = pgTable(
  "app_members",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    role: text("role", { enum: memberRoles }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.adminId] }), index("app_members_admin_idx").on(t.adminId)],
);

/** Invitations to join an app's team: single use, seven days, the token stored only as a SHA-256 hash. */
export const teamInvites = pgTable(
  "team_invites",
  {
    id: uuid("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: memberRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by").references(() => admins.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("team_invites_token_hash_key").on(t.tokenHash),
    index("team_invites_app_idx").on(t.appId, t.createdAt),
  ],
);

/**
 * The owner's rules for the app's team (docs/features/team.md): whether every member must sign in with
 * two-factor authentication, and how many points one support agent may adjust in 24 hours. An app
 * without a row has the defaults.
 */
export const teamSettings = pgTable("team_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => admins.id, { onDelete: "cascade" }),
  requireMfa: boolean("require_mfa").notNull().default(false),
  supportAdjustmentLimit: bigint("support_adjustment_limit", { mode: "number" }).notNull().default(1000),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
