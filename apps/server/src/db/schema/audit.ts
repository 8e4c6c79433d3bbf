import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";

/**
 * Every administrator write, recorded in the same transaction as the change (decision 0021: audit events
 * are written by the server). `adminId` is the tenant whose data changed; `actorAdminId` who did it.
 * `changes` holds the changed fields, secrets masked.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    actorAdminId: uuid("actor_admin_id"),
    action: text("action").notNull(),
    recordType: text("record_type").notNull(),
    recordId: text("record_id"),
    changes: jsonb("changes").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_admin_created_idx").on(t.adminId, t.createdAt, t.id),
    index("audit_log_admin_action_created_idx").on(t.adminId, t.action, t.createdAt, t.id),
    index("audit_log_admin_record_created_idx").on(t.adminId, t.recordId, t.createdAt, t.id),
    index("audit_log_admin_actor_created_idx").on(t.adminId, t.actorAdminId, t.createdAt, t.id),
  ],
);
