import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { encryptedText } from "../../lib/secret-box.ts";
import { admins } from "./admins.ts";
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
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
