import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";

/**
 * Every postback request whose key names a tenant (docs/features/postbacks.md): what came in, secrets masked,
 * and what became of it. Unknown keys are not stored (only logged), so nobody can fill a tenant's log. Every
 * index leads with admin_id and ends with the list's sort (created_at desc, id desc).
 */
export const postbackLog = pgTable(
  "postback_log",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    ip: text("ip"),
    query: jsonb("query").$type<Record<string, string>>().notNull(),
    body: jsonb("body").$type<Record<string, string>>(),
    outcome: text("outcome", {
      enum: [
        "credited",
        "duplicate",
        "reversed",
        "pending",
        "bad_signature",
        "unknown_user",
        "disabled",
        "malformed",
        "user_banned",
        "app_disabled",
      ],
    }).notNull(),
    reason: text("reason").notNull().default(""),
    /** As the network sent it: not a reference, since it may name nobody. */
    userId: text("user_id"),
    transactionId: text("transaction_id"),
    points: bigint("points", { mode: "number" }).notNull().default(0),
    httpStatus: integer("http_status").notNull(),
    response: text("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("postback_log_admin_created_idx").on(t.adminId, t.createdAt, t.id),
    index("postback_log_admin_network_idx").on(t.adminId, t.network, t.createdAt, t.id),
    index("postback_log_admin_outcome_idx").on(t.adminId, t.outcome, t.createdAt, t.id),
    index("postback_log_admin_user_idx").on(t.adminId, t.userId, t.createdAt, t.id),
    index("postback_log_admin_tx_idx").on(t.adminId, t.transactionId, t.createdAt, t.id),
  ],
);
