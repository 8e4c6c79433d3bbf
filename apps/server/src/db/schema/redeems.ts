import { fulfilments } from "@rewards/contract";
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { encryptedText, storedInClear } from "../../lib/secret-box.ts";
import { admins } from "./admins.ts";
import { appUsers } from "./app-users.ts";

/**
 * The pending list of the redeems' e-mail trigram index, in kB (PostgreSQL's default is 4 MB). New entries
 * wait there until the list is full or vacuumed, and every search reads all of it: full, about 500 pages,
 * it doubled a search for one e-mail (6.8 to 11.4 ms). A redeem's row is rarely rewritten, so a short list
 * costs few merges: a search reads at most 32 pages.
 */
export const redeemsTrigramPendingListKb = 256;

/**
 * A user's request to turn points into a gift card. Status: 0 Pending, 1 Sent, 2 Rejected. The request
 * holds its rewardCost points whenever it is not Rejected (decision 0004).
 */
export const redeems = pgTable(
  "redeems",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    redeemEmail: text("redeem_email").notNull(),
    rewardName: text("reward_name").notNull(),
    rewardAmount: text("reward_amount").notNull(),
    rewardCost: bigint("reward_cost", { mode: "number" }).notNull(),
    rewardExtraInfo: text("reward_extra_info"),
    rewardItemId: uuid("reward_item_id"),
    redeemDate: timestamp("redeem_date", { withTimezone: true }).notNull().defaultNow(),
    status: smallint("status").notNull().default(0),
    code: encryptedText("code"),
    subject: text("subject"),
    bodyHtml: text("body_html"),
    paidByAdminId: uuid("paid_by_admin_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** How it was paid (its item's fulfilment then): the dashboard's payouts today by method. */
    paidVia: text("paid_via", { enum: fulfilments }),
    /** The member who approved it, when the app asks a second member to approve large redeems. */
    approvedByAdminId: uuid("approved_by_admin_id"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** Where the app asked from, and the risk reasons seen then (the user's, plus the redeem's own). */
    ip: text("ip"),
    ipCountry: text("ip_country"),
    riskReasons: text("risk_reasons").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("redeems_admin_date_idx").on(t.adminId, t.redeemDate, t.id),
    index("redeems_admin_status_date_idx").on(t.adminId, t.status, t.redeemDate, t.id),
    index("redeems_admin_user_date_idx").on(t.adminId, t.userId, t.redeemDate, t.id),
    index("redeems_admin_cost_idx").on(t.adminId, t.rewardCost, t.id),
    index("redeems_admin_status_cost_idx").on(t.adminId, t.status, t.rewardCost, t.id),
    // "Risky only: no" (the clean ones, nearly all): its own partial index, so a page and its capped
    // count read index entries only, not a million rows' risk reasons.
    index("redeems_admin_clean_date_idx")
      .on(t.adminId, t.redeemDate, t.id)
      .where(sql`cardinality(${t.riskReasons}) = 0`),
    // "Risky only": a partial index holds just the risky requests, newest first.
    index("redeems_admin_risky_date_idx")
      .on(t.adminId, t.redeemDate, t.id)
      .where(sql`cardinality(${t.riskReasons}) > 0`),
    // The same two sets by cost, so a deep page of either seeks to its position (lib/deep-page.ts).
    index("redeems_admin_clean_cost_idx")
      .on(t.adminId, t.rewardCost, t.id)
      .where(sql`cardinality(${t.riskReasons}) = 0`),
    index("redeems_admin_risky_cost_idx")
      .on(t.adminId, t.rewardCost, t.id)
      .where(sql`cardinality(${t.riskReasons}) > 0`),
    index("redeems_email_trgm_idx")
      .using("gin", sql`${t.redeemEmail} gin_trgm_ops`)
      .with({ gin_pending_list_limit: redeemsTrigramPendingListKb }),
    // Search: receiver e-mail prefix, case-insensitive (lower(redeem_email) LIKE 'q%').
    index("redeems_admin_email_lower_idx").using(
      "btree",
      t.adminId,
      sql`lower(${t.redeemEmail}) text_pattern_ops`,
    ),
    // Codes still in clear, which the start seals: empty once sealed (db/secrets-at-rest.ts).
    index("redeems_clear_secrets_idx").on(t.id).where(storedInClear(t.code)),
  ],
);

/**
 * E-mail waiting to go out: written in the transaction that decides to send it, delivered by the outbox
 * worker, which claims due rows with FOR UPDATE SKIP LOCKED so several processes never send one twice.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    redeemId: uuid("redeem_id").references(() => redeems.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: encryptedText("html").notNull(),
    text: encryptedText("text").notNull(),
    status: text("status", { enum: ["queued", "sending", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While sending: when the claim lapses, so a message of a crashed process is tried again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index("mail_outbox_redeem_idx").on(t.redeemId),
    // Bodies still in clear, which the start seals: empty once sealed (db/secrets-at-rest.ts).
    index("mail_outbox_clear_secrets_idx")
      .on(t.id)
      .where(sql`${storedInClear(t.html)} or ${storedInClear(t.text)}`),
  ],
);
