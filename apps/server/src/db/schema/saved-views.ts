import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";

/**
 * A list's state saved under a name (filters, sort, page size, visible columns): the member's own, or shared
 * with the whole app. `state` is the list's URL state, checked by the contract's schema on the way in.
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: uuid("id").primaryKey(),
    appId: uuid("app_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    /** The member who saved it; only they may delete it (or an owner or admin, when it is shared). */
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    list: text("list").notNull(),
    name: text("name").notNull(),
    shared: boolean("shared").notNull().default(false),
    state: jsonb("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_views_app_list_idx").on(t.appId, t.list, t.createdAt),
    // One name per list among a member's own views, and one among the app's shared views.
    uniqueIndex("saved_views_own_name_key").on(t.appId, t.ownerId, t.list, sql`lower(${t.name})`),
    uniqueIndex("saved_views_shared_name_key")
      .on(t.appId, t.list, sql`lower(${t.name})`)
      .where(sql`${t.shared}`),
  ],
);
