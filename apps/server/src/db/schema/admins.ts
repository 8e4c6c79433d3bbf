import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    /** The random key in this tenant's postback URLs (DECISIONS "Postback addresses"). */
    postbackKey: text("postback_key")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** The public key the mobile app sends to name its tenant on /app/v1 (not a secret). */
    appKey: text("app_key").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
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
