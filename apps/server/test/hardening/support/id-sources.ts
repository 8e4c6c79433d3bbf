import { offerNetworks, socialNames } from "@rewards/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../../src/db/client.ts";
import type { Operation } from "./openapi-operations.ts";

/**
 * Where a path parameter's real values come from: the table whose rows (of one tenant) it names. An `id`
 * is named by its route (the same name means another table on each resource); other parameters by name.
 * A new route with an id parameter that neither list names fails the isolation suite until it is added.
 */
export const idTableOfRoute: Record<string, string> = {
  "/api/admins/:id/state": "admins",
  "/api/users/:id": "app_users",
  "/api/users/details/:id": "app_users",
  "/api/users/:id/ledger": "app_users",
  "/api/offer/:id": "completed_offers",
  "/api/postbacks/:id": "postback_log",
  "/api/redeem/:id": "redeems",
  "/api/redeem/sendReward/:id": "redeems",
  "/api/redeem/:id/code": "redeems",
  "/api/redeem/:id/approve": "redeems",
  "/api/reward/countries/:id": "countries",
  "/api/reward/rewards/:id": "rewards",
  "/api/reward/rewardItem/:id": "reward_items",
  "/api/payouts/codes/:id": "reward_codes",
  "/api/payouts/codes/:id/reveal": "reward_codes",
  "/api/payouts/users/:id/holds": "app_users",
  "/api/giveaway/:id": "giveaways",
  "/api/network/:id": "network_configs",
  "/api/nativeAds/:id": "native_ads_configs",
  "/api/setting/:id": "app_settings",
  "/api/setting/social/:id": "social_configs",
  "/api/setting/mailgun/:id": "mail_configs",
  "/api/setting/settingconfig/:id": "general_configs",
  "/api/setting/push/:id": "push_configs",
  // A record's history: the id of a record that has entries (table.column).
  "/api/audit/record/:id": "audit_log.record_id",
  // An administrator's own sign-in sessions.
  "/api/profile/sessions/:id": "admin_sessions",
  // The team: a member is named by its account id (the tenant's own, its owner); invitations by theirs.
  "/api/team/members/:id": "admins",
  "/api/team/invites/:id": "team_invites",
  // Saved views of the lists: the member's own or the app's shared ones.
  "/api/views/:id": "saved_views",
};

export const idTableOfParam: Record<string, string> = {
  adminId: "admins",
  countryId: "countries",
  rewardId: "rewards",
  itemId: "reward_items",
  holdId: "point_holds",
  jobId: "payout_jobs",
  // The app switcher: an app is named by its owner's account id.
  appId: "admins",
};

/** Bulk calls whose body lists ids (`ids`): the table those ids come from. */
export const idTableOfBodyIds: Record<string, string> = {
  "PUT /api/users/state/ids": "app_users",
  "PUT /api/redeem/state/ids": "redeems",
  "POST /api/redeem/pay/ids": "redeems",
  "POST /api/reward/countries/deleteCountries": "countries",
  "POST /api/reward/deleteRewards": "rewards",
  "POST /api/reward/deleteItems": "reward_items",
};

/**
 * Parameters that name no tenant's record (`route {param}`): the values to use, and why they are not
 * ids. Each is a name from a fixed list, the same for every tenant.
 */
export const namedValues: Record<string, { values: readonly string[]; why: string }> = {
  "/api/network/:name/:adminId {name}": { values: ["adgateow", "cpxresearch"], why: "an ad network's name" },
  "/api/nativeAds/:name/:adminId {name}": { values: ["applovin"], why: "a native ads network's name" },
  "/api/setting/social/:adminId/:name {name}": { values: socialNames, why: "a social login's name" },
  "/postback/:postbackKey/:network {network}": { values: offerNetworks, why: "a postback network's name" },
  "/api/setting/rewardmail/:adminId/:language {language}": {
    values: ["de", "ja"],
    why: "a language of the gift-card e-mail",
  },
};

export const namedValuesOf = (operation: Operation, param: string) =>
  namedValues[`${operation.route} {${param}}`]?.values ?? [];

/** Routes outside the tenant-isolation rule, and why: none has a signed-in caller to swap. */
export const publicIdRoutes: Record<string, string> = {
  "/uploads/:id": "public by design: <img> tags send no token; the random id is the key (decision 0006)",
  "/api/users/auth/reset/:token": "signed out: the reset token itself is the credential",
  "/api/users/auth/invite/:token": "signed out: the invitation token itself is the credential",
  "/postback/:postbackKey/:network":
    "called by networks without a token: the unguessable key names the tenant",
  "/webhooks/tremendous/:appKey":
    "called by Tremendous without a token: the app key names the app, the body's signature proves the sender",
};

/** The table a path parameter's values come from, or undefined when nothing says. */
export function idTableOf(operation: Operation, param: string): string | undefined {
  if (param === "id") return idTableOfRoute[operation.route];
  return idTableOfParam[param];
}

type Rows<T> = { rows: T[] };

/** Up to `limit` real ids of a tenant's rows in a table, or `table.column` (the tenant's own id for admins). */
export async function tenantIds(db: Db, source: string, adminId: string, limit = 3): Promise<string[]> {
  const [table = "", column = "id"] = source.split(".");
  // The team's tables name their app by app_id.
  const tenantColumn = ["team_invites", "point_holds", "payout_jobs", "saved_views"].includes(table)
    ? "app_id"
    : "admin_id";
  const query =
    table === "admins"
      ? sql`select id::text as id from admins where id = ${adminId}`
      : sql`select distinct ${sql.identifier(column)}::text as id from ${sql.identifier(table)}
            where ${sql.identifier(tenantColumn)} = ${adminId} and ${sql.identifier(column)} is not null order by 1 limit ${limit}`;
  const result = (await db.execute(query)) as unknown as Rows<{ id: string }>;
  return result.rows.map((row) => row.id);
}

/** Every id of every row of a tenant (and the tenant's own id): what another tenant must never see. */
export async function everyIdOf(db: Db, adminId: string): Promise<Set<string>> {
  const tables = (await db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'admin_id'
      and table_name in (select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id')
  `)) as unknown as Rows<{ table_name: string }>;
  const ids = new Set([adminId]);
  for (const { table_name: table } of tables.rows) {
    const rows = (await db.execute(
      sql`select id::text as id from ${sql.identifier(table)} where admin_id = ${adminId}`,
    )) as unknown as Rows<{ id: string }>;
    for (const row of rows.rows) ids.add(row.id);
  }
  return ids;
}

/** The tenant's postback key, for the postback routes. */
export async function postbackKeyOf(db: Db, adminId: string): Promise<string> {
  const result = (await db.execute(
    sql`select postback_key as key from admins where id = ${adminId}`,
  )) as unknown as Rows<{ key: string }>;
  return result.rows[0]?.key ?? "";
}
