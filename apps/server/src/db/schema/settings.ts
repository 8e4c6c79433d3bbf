import { languages } from "@rewards/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
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
import { admins } from "./admins.ts";
import { uploads } from "./catalog.ts";

// Every setting belongs to one administrator (decision 0001): one record per tenant, or per
// tenant and network/name, enforced by a unique index that also serves every lookup.

const tenant = () =>
  uuid("admin_id")
    .notNull()
    .references(() => admins.id, { onDelete: "cascade" });
const timestamps = () => ({
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
/** The 0/1 enable flags of the wire (decision 0007). */
const flag = (name: string) => integer(name).notNull().default(0);
const emptyText = (name: string) => text(name).notNull().default("");
/** A secret, encrypted at rest (lib/secret-box.ts); empty when not set. */
const secretText = (name: string) => encryptedText(name).notNull().default("");

export const giveaways = pgTable(
  "giveaways",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    giveawayTitle: emptyText("giveaway_title"),
    giveawayDescription: emptyText("giveaway_description"),
    giveawayStatus: flag("giveaway_status"),
    winnerTitle: emptyText("winner_title"),
    winnerDescription: emptyText("winner_description"),
    winnerStatus: flag("winner_status"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("giveaways_admin_key").on(t.adminId)],
);

/** Secrets are encrypted at rest and only ever answered masked; the App ID holds ipdata's API key. */
export const networkConfigs = pgTable(
  "network_configs",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    network: text("network").notNull(),
    appId: secretText("app_id"),
    appToken: secretText("app_token"),
    postbackSecret: secretText("postback_secret"),
    postbackSecretAndroid: secretText("postback_secret_android"),
    /** Share of the payout passed on to users, 0 to 1. */
    provision: doublePrecision("provision").notNull().default(1),
    iosEnable: flag("ios_enable"),
    androidEnable: flag("android_enable"),
    /** Addresses postbacks must come from; empty means any (AdGate publishes its servers' addresses). */
    allowedIps: text("allowed_ips").array().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [uniqueIndex("network_configs_admin_network_key").on(t.adminId, t.network)],
);

export const nativeAdsConfigs = pgTable(
  "native_ads_configs",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    network: text("network").notNull(),
    owClick: integer("ow_click").notNull().default(0),
    navClick: integer("nav_click").notNull().default(0),
    owEnable: flag("ow_enable"),
    openEnable: flag("open_enable"),
    navClickEnable: flag("nav_click_enable"),
    bannerEnable: flag("banner_enable"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("native_ads_configs_admin_network_key").on(t.adminId, t.network)],
);

export const appSettings = pgTable(
  "app_settings",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    appName: text("app_name").notNull(),
    moto: text("moto").notNull(),
    domain: text("domain").notNull(),
    sharingDomain: text("sharing_domain").notNull(),
    endpoint: text("endpoint").notNull(),
    logoUploadId: uuid("logo_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    faviconUploadId: uuid("favicon_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("app_settings_admin_key").on(t.adminId)],
);

export const socialConfigs = pgTable(
  "social_configs",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    name: text("name", { enum: ["facebook", "google", "twitter"] }).notNull(),
    appId: emptyText("app_id"),
    appSecret: secretText("app_secret"),
    appPage: emptyText("app_page"),
    shareText: emptyText("share_text"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("social_configs_admin_name_key").on(t.adminId, t.name)],
);

/** The tenant's own Mailgun account: redeem e-mails and the test message go through it. */
export const mailConfigs = pgTable(
  "mail_configs",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    mailgunDomain: text("mailgun_domain").notNull(),
    apiKey: encryptedText("api_key").notNull(),
    fromEmail: text("from_email").notNull(),
    supportEmail: text("support_email").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("mail_configs_admin_key").on(t.adminId)],
);

/**
 * The gift-card e-mail in one language, as a member saved it; a language without a row uses the built-in
 * text (lib/mail-texts). Its primary key is also its only lookup.
 */
export const rewardMailTemplates = pgTable(
  "reward_mail_templates",
  {
    adminId: tenant(),
    language: text("language", { enum: languages }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.adminId, t.language] })],
);

/** Point rules: referral share, dollars-to-points ratio, social bonuses. */
export const generalConfigs = pgTable(
  "general_configs",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    refPercent: integer("ref_percent").notNull(),
    ratio: integer("ratio").notNull(),
    fbLike: integer("fb_like").notNull(),
    fbShare: integer("fb_share").notNull(),
    twShare: integer("tw_share").notNull(),
    /** Refuse sign-ups from VPN, proxy and Tor addresses (decision 0018); off: they are flagged. */
    blockVpnSignups: boolean("block_vpn_signups").notNull().default(false),
    /** The IANA zone whose days analytics counts in (its rollups are kept per local day). */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** The language of e-mails to app users whose app sent no locale we speak. */
    language: text("language", { enum: languages }).notNull().default("en"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("general_configs_admin_key").on(t.adminId)],
);

/** A Firebase service-account key (JSON text); project and account are copied out for display. */
export const pushConfigs = pgTable(
  "push_configs",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    serviceAccountKey: encryptedText("service_account_key").notNull(),
    projectId: text("project_id").notNull(),
    clientEmail: text("client_email").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("push_configs_admin_key").on(t.adminId)],
);

/** Every push sent, kept with its outcome and listed newest first under the form. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    adminId: tenant(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: ["sent", "failed"] }).notNull(),
    error: text("error"),
    /** FCM's message name, e.g. projects/p/messages/123. */
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_admin_created_idx").on(t.adminId, t.createdAt, t.id)],
);
