import { type LinkedAccount, linkedAccountLimit, nonIdentifyingDeviceIds } from "@rewards/contract";
import { and, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appUserDevices, appUsers } from "../../db/schema/index.ts";

type LinkedUser = { id: string; visitorId: string | null; ipSignup: string | null };
type Via = LinkedAccount["via"];

/** The strongest link first: a shared fingerprint says more than a shared (possibly carrier) IP. */
const viaOrder: Via[] = ["visitor", "device", "ip"];

/** Reading a few rows per linked user is enough; a device id shared by thousands still costs this much. */
const deviceRowBudget = linkedAccountLimit * 10;

const identifying = (ids: (string | null)[]) =>
  [...new Set(ids)].filter((id): id is string => !!id && !nonIdentifyingDeviceIds.includes(id));

/** Other users of the tenant with one of this user's device ids (GAID or Android id). */
async function linkedByDevice(db: Db, adminId: string, userId: string): Promise<{ id: string }[]> {
  const own = await db
    .select({ gaid: appUserDevices.gaid, androidId: appUserDevices.androidId })
    .from(appUserDevices)
    .where(eq(appUserDevices.userId, userId))
    .limit(deviceRowBudget);
  const gaids = identifying(own.map((device) => device.gaid));
  const androidIds = identifying(own.map((device) => device.androidId));
  if (gaids.length === 0 && androidIds.length === 0) return [];
  // Two index lookups, (admin_id, gaid) and (admin_id, android_id), OR-ed into one bitmap scan.
  const rows = await db
    .select({ userId: appUserDevices.userId })
    .from(appUserDevices)
    .where(
      and(
        eq(appUserDevices.adminId, adminId),
        ne(appUserDevices.userId, userId),
        or(
          gaids.length > 0 ? inArray(appUserDevices.gaid, gaids) : undefined,
          androidIds.length > 0 ? inArray(appUserDevices.androidId, androidIds) : undefined,
        ),
      ),
    )
    .limit(deviceRowBudget);
  const ids = [...new Set(rows.map((row) => row.userId))].slice(0, linkedAccountLimit);
  return ids.map((id) => ({ id }));
}

/**
 * The other users of the tenant who share this user's visitorId, a device id or sign-up IP (linked
 * accounts, decision 0018), each named once by its strongest link, at most linkedAccountLimit. Every lookup is
 * an index range on a key that leads with admin_id and stops at the limit, so a sign-up IP shared by
 * thousands (a carrier's NAT) costs what a pair does.
 */
export async function findLinkedAccounts(
  db: Db,
  adminId: string,
  user: LinkedUser,
): Promise<LinkedAccount[]> {
  const others = and(eq(appUsers.adminId, adminId), ne(appUsers.id, user.id));
  const byColumn = (condition: SQL) =>
    db.select({ id: appUsers.id }).from(appUsers).where(and(others, condition)).limit(linkedAccountLimit);
  const [visitor, device, ip] = await Promise.all([
    user.visitorId ? byColumn(eq(appUsers.visitorId, user.visitorId)) : Promise.resolve([]),
    linkedByDevice(db, adminId, user.id),
    user.ipSignup ? byColumn(eq(appUsers.ipSignup, user.ipSignup)) : Promise.resolve([]),
  ]);
  const found: Record<Via, { id: string }[]> = { visitor, device, ip };

  const viaOf = new Map<string, Via>();
  for (const via of viaOrder) for (const { id } of found[via]) if (!viaOf.has(id)) viaOf.set(id, via);
  const ids = [...viaOf.keys()].slice(0, linkedAccountLimit);
  if (ids.length === 0) return [];

  const names = await db
    .select({ id: appUsers.id, username: appUsers.username })
    .from(appUsers)
    .where(and(eq(appUsers.adminId, adminId), inArray(appUsers.id, ids)));
  const rank = (via: Via) => viaOrder.indexOf(via);
  return names
    .map((row) => ({ _id: row.id, username: row.username, via: viaOf.get(row.id) as Via }))
    .sort((x, y) => rank(x.via) - rank(y.via) || x.username.localeCompare(y.username));
}
