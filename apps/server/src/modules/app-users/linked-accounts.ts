import { type LinkedAccount, linkedAccountLimit, nonIdentifyingDeviceIds } from "@rewards/contract";
import { and, eq, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
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
const value = sql.placeholder("value");

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
 * The lookups, prepared once per database (the user details call runs all three): each is an index range
 * on a key that leads with admin_id, so one plan serves every user.
 */
const lookups = preparedPerDatabase((db) => {
  const byColumn = (name: string, column: PgColumn) =>
    db
      .select({ id: appUsers.id, username: appUsers.username })
      .from(appUsers)
      .where(and(eq(appUsers.adminId, adminId), ne(appUsers.id, userId), eq(column, value)))
      .limit(linkedAccountLimit)
      .prepare(name);
  return {
    visitor: byColumn("linked_by_visitor", appUsers.visitorId),
    ip: byColumn("linked_by_ip", appUsers.ipSignup),
    // Other users of the tenant with one of this user's device ids (GAID or Android id): two index
    // lookups, (admin_id, gaid) and (admin_id, android_id), OR-ed into one bitmap scan.
    device: db
      .select({ id: appUsers.id, username: appUsers.username })
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
      .limit(deviceRowBudget)
      .prepare("linked_by_device"),
  };
});

/**
 * The other users of the tenant who share this user's visitorId, a device id or sign-up IP (linked
 * accounts, decision 0018), each named once by its strongest link, at most linkedAccountLimit. Every lookup is
 * an index range on a key that leads with admin_id and stops at the limit, so a sign-up IP shared by
 * thousands (a carrier's NAT) costs what a pair does.
 */
export async function findLinkedAccounts(db: Db, appId: string, user: LinkedUser): Promise<LinkedAccount[]> {
  const { visitor: byVisitor, device: byDevice, ip: byIp } = lookups(db);
  const owner = { adminId: appId, userId: user.id };
  // Each lookup brings the e-mails with the ids, the three side by side.
  const [visitor, device, ip] = await Promise.all([
    user.visitorId ? byVisitor.execute({ ...owner, value: user.visitorId }) : Promise.resolve([]),
    byDevice.execute(owner),
    user.ipSignup ? byIp.execute({ ...owner, value: user.ipSignup }) : Promise.resolve([]),
  ]);
  const found: Record<Via, Found[]> = { visitor, device, ip };

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
