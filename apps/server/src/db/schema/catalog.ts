import { fulfilments } from "@rewards/contract";
import {
  bigint,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tenant = () =>
  uuid("admin_id")
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" });

/**
 * Uploaded images (reward icons, logo, favicon), kept in the database so that every server process on one
 * PostgreSQL serves them. The id is random (UUIDv4), so the public URL cannot be guessed.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    content: bytea("content").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_admin_idx").on(t.adminId)],
);

/** Countries in which rewards are offered; "WW" is Worldwide. */
export const countries = pgTable(
  "countries",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    fullName: text("full_name").notNull(),
    code: text("code").notNull(),
    priority: integer("priority").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("countries_admin_code_key").on(t.adminId, t.code),
    index("countries_admin_priority_idx").on(t.adminId, t.priority, t.id),
    index("countries_admin_name_idx").on(t.adminId, t.fullName),
  ],
);

export const rewards = pgTable(
  "rewards",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    countryId: uuid("country_id")
      .notNull()
      .references(() => countries.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    order: integer("order").notNull(),
    iconUploadId: uuid("icon_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rewards_country_idx").on(t.adminId, t.countryId, t.id),
    index("rewards_admin_idx").on(t.adminId),
  ],
);

export const rewardItems = pgTable(
  "reward_items",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    rewardId: uuid("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "cascade" }),
    cost: text("cost").notNull(),
    points: bigint("points", { mode: "number" }).notNull(),
    fulfilment: text("fulfilment", { enum: fulfilments }).notNull().default("manual"),
    lowStockBelow: integer("low_stock_below").notNull().default(10),
    /** A provider item's Tremendous product or campaign, and the value each order carries. */
    providerProductId: text("provider_product_id"),
    providerCampaignId: text("provider_campaign_id"),
    providerValue: numeric("provider_value", { precision: 12, scale: 2, mode: "number" }),
    providerCurrency: text("provider_currency").notNull().default("USD"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("reward_items_reward_idx").on(t.adminId, t.rewardId, t.id)],
);
