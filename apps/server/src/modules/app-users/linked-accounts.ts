import { type LinkedAccount, linkedAccountLimit, nonIdentifyingDeviceIds } from "@rewards/contract";
import { and, eq, ne, notInArray, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { inText, preparedPerDatabase, prepareNamed } from "../../db/prepared.ts";
import { appUserDevices, appUsers } from "../../db/schema/index.ts";

type LinkedUser = { id: string; visitorId: string | null; ipSignup: string | null };
type Via = LinkedAccount["via"];

/** The strongest link first: a shared fingerprint says more than a shared (possibly carrier) IP. */
const viaOrder: Via[] = ["visitor", "device", "ip"];

/** Reading a few rows per linked user is enough; a device id shared by thousands still costs this much. */
const deviceRowBudget = linkedAccountLimit * 10;

type Found = { id: string; username: string };

/** The user's own device rows, read inside the device lookup's statement. */
const own = alias(appUserDevices, "own");

const adminId = sql.placeholder("adminId");
const userId = sql.placeholder("userId");

/**
 * This user's identifying values of one device id column, as an array read in the same statement: `= any`
 * of it is an index lookup on (admin_id, column), like a list of values sent.
 */
function ownDeviceIds(db: Db, column: "gaid" | "androidId"): SQL {
  const ids = db
    .select({ value: own[column] })
    .from(own)
    .where(and(eq(own.userId, userId), notInArray(own[column], [...nonIdentifyingDeviceIds])))
    .limit(deviceRowBudget);
  return sql`array(${ids})`;
}

/**
 * The three lookups in one statement, prepared once per database: each is an index range on a key that
 * leads with admin_id, so one plan serves every user, and each row says which lookup found it. A user
 * without a visitorId or sign-up IP compares with null there, which matches nobody.
 */
const lookups = preparedPerDatabase((db) => {
  const byColumn = (via: Via, column: PgColumn, value: Placeholder) =>
    db
      .select({ id: appUsers.id, username: appUsers.username, via: sql<Via>`${inText(via)}::text`.as("via") })
      .from(appUsers)
      .where(and(eq(appUsers.adminId, adminId), ne(appUsers.id, userId), eq(column, value)))
      .limit(linkedAccountLimit);
  // Other users of the tenant with one of this user's device ids (GAID or Android id): two index
  // lookups, (admin_id, gaid) and (admin_id, android_id), OR-ed into one bitmap scan.
  const byDevice = db
    .select({
      id: appUsers.id,
      username: appUsers.username,
      via: sql<Via>`${inText("device")}::text`.as("via"),
    })
    .from(appUserDevices)
    .innerJoin(appUsers, and(eq(appUsers.adminId, adminId), eq(appUsers.id, appUserDevices.userId)))
    .where(
      and(
        eq(appUserDevices.adminId, adminId),
        ne(appUserDevices.userId, userId),
        or(
          sql`${appUserDevices.gaid} = any(${ownDeviceIds(db, "gaid")})`,
          sql`${appUserDevices.androidId} = any(${ownDeviceIds(db, "androidId")})`,
        ),
      ),
    )
    .limit(deviceRowBudget);
  return prepareNamed(
    db,
    "linked_accounts",
    sql`(${byColumn("visitor", appUsers.visitorId, sql.placeholder("visitorId"))})
      union all (${byDevice})
      union all (${byColumn("ip", appUsers.ipSignup, sql.placeholder("ipSignup"))})`,
  );
});

/**
 * The other users of the tenant who share this user's visitorId, a device id or sign-up IP (linked
 * accounts, decision 0018), each named once by its strongest link, at most linkedAccountLimit. Every lookup is
 * an index range on a key that leads with admin_id and stops at the limit, so a sign-up IP shared by
 * thousands (a carrier's NAT) costs what a pair does.
 */
export async function findLinkedAccounts(db: Db, appId: string, user: LinkedUser): Promise<LinkedAccount[]> {
  const { rows } = await lookups(db).execute({
    adminId: appId,
    userId: user.id,
    visitorId: user.visitorId,
    ipSignup: user.ipSignup,
  });
  const found: Record<Via, Found[]> = { visitor: [], device: [], ip: [] };
  for (const row of rows as (Found & { via: Via })[]) found[row.via].push(row);

  const linked = new Map<string, LinkedAccount>();
  for (const via of viaOrder) {
    for (const { id, username } of found[via])
      if (!linked.has(id)) linked.set(id, { _id: id, username, via });
  }
  const rank = (via: Via) => viaOrder.indexOf(via);
  return [...linked.values()]
    .slice(0, linkedAccountLimit)
    .sort((x, y) => rank(x.via) - rank(y.via) || x.username.localeCompare(y.username));
}
