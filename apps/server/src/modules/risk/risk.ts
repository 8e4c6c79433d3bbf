import { nonIdentifyingDeviceIds, type RiskReason, riskReasons } from "@rewards/contract";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { appUserDevices, appUsers } from "../../db/schema/index.ts";
import type { IpScreeningResult } from "../../lib/ip-data.ts";

// The one place that decides why a user or a redeem looks risky (decision 0018). Sign-up and
// redeem write the reasons; lists and details only read them.

/** How many other accounts one lookup reads: enough to flag them, bounded however many share a key. */
export const linkLookupLimit = 50;

/** What the screening says about the address, "unscreened" when nothing is known. */
export function screeningReasons(screening: IpScreeningResult): RiskReason[] {
  if (screening.status === "unscreened") return ["unscreened"];
  const reasons: RiskReason[] = [];
  if (screening.isVpn) reasons.push("vpn");
  if (screening.isProxy) reasons.push("proxy");
  if (screening.isTor) reasons.push("tor");
  if (screening.isDatacenter) reasons.push("datacenter");
  if (screening.isThreat) reasons.push("threat");
  return reasons;
}

/** VPN, proxy and Tor hide where someone is: the General Config switch refuses these sign-ups. */
export const hidesAddress = (screening: IpScreeningResult) =>
  screening.isVpn || screening.isProxy || screening.isTor;

/** Union in the contract's order, so the same reasons always read the same way. */
export function mergeReasons(...lists: readonly (readonly RiskReason[])[]): RiskReason[] {
  const all = new Set(lists.flat());
  return riskReasons.filter((reason) => all.has(reason));
}

/** A device id worth comparing: present and not one that many unrelated devices report. */
export const identifyingDeviceId = (id: string | null | undefined): id is string =>
  !!id && !nonIdentifyingDeviceIds.includes(id);

export type SignUpKeys = {
  visitorId: string | null;
  gaid: string | null;
  androidId: string | null;
  ip: string | null;
};

/** The other users of the tenant sharing each key, by reason. */
export type Links = Partial<Record<"linked_visitor" | "linked_device" | "linked_ip", string[]>>;

/**
 * Two sign-ups sharing a key at the same moment would each miss the other (neither sees the other's
 * uncommitted row). Each takes a transaction-scoped lock per key, in one order, so the second waits for
 * the first to commit and then finds it. Sign-ups with nothing in common never wait for each other.
 */
async function lockKeys(tx: Tx, adminId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const names = sql.join(
    keys.map((key) => sql`${`${adminId}:${key}`}`),
    sql`, `,
  );
  await tx.execute(sql`
    select pg_advisory_xact_lock(h)
    from (select distinct hashtextextended(k, 0) as h from unnest(array[${names}]::text[]) as k order by h) as ordered`);
}

/**
 * Who already shares a key with a new sign-up: three index range scans on keys that lead with admin_id
 * ((admin_id, visitor_id), (admin_id, gaid) / (admin_id, android_id), (admin_id, ip_signup)), each
 * stopping at linkLookupLimit rows.
 */
export async function findLinks(tx: Tx, adminId: string, keys: SignUpKeys): Promise<Links> {
  const links: Links = {};
  const gaid = identifyingDeviceId(keys.gaid) ? keys.gaid : null;
  const androidId = identifyingDeviceId(keys.androidId) ? keys.androidId : null;
  await lockKeys(
    tx,
    adminId,
    [
      keys.visitorId && `visitor:${keys.visitorId}`,
      gaid && `gaid:${gaid}`,
      androidId && `android:${androidId}`,
      keys.ip && `ip:${keys.ip}`,
    ].filter((key): key is string => !!key),
  );
  if (keys.visitorId) {
    const rows = await tx
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(and(eq(appUsers.adminId, adminId), eq(appUsers.visitorId, keys.visitorId)))
      .limit(linkLookupLimit);
    if (rows.length > 0) links.linked_visitor = rows.map((row) => row.id);
  }
  if (gaid || androidId) {
    const rows = await tx
      .select({ id: appUserDevices.userId })
      .from(appUserDevices)
      .where(
        and(
          eq(appUserDevices.adminId, adminId),
          or(
            gaid ? eq(appUserDevices.gaid, gaid) : undefined,
            androidId ? eq(appUserDevices.androidId, androidId) : undefined,
          ),
        ),
      )
      .limit(linkLookupLimit);
    if (rows.length > 0) links.linked_device = [...new Set(rows.map((row) => row.id))];
  }
  if (keys.ip) {
    const rows = await tx
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(and(eq(appUsers.adminId, adminId), eq(appUsers.ipSignup, keys.ip)))
      .limit(linkLookupLimit);
    if (rows.length > 0) links.linked_ip = rows.map((row) => row.id);
  }
  return links;
}

/** A new user's reasons: what the sign-up screening found, and every kind of link. */
export function signUpReasons(screening: IpScreeningResult, links: Links): RiskReason[] {
  return mergeReasons(screeningReasons(screening), Object.keys(links) as RiskReason[]);
}

/** The users a new sign-up links to get the same linked_* reason (at most linkLookupLimit each). */
export async function flagLinkedUsers(tx: Tx, adminId: string, links: Links): Promise<void> {
  for (const [reason, ids] of Object.entries(links)) {
    if (ids && ids.length > 0) await flagUsers(tx, adminId, ids, reason as RiskReason);
  }
}

/** Adds a risk reason to these users of the app, to each that does not have it yet. */
export async function flagUsers(
  tx: Tx,
  adminId: string,
  userIds: string[],
  reason: RiskReason,
): Promise<void> {
  await tx
    .update(appUsers)
    .set({ riskReasons: sql`array_append(${appUsers.riskReasons}, ${reason}::text)` })
    .where(
      and(
        eq(appUsers.adminId, adminId),
        inArray(appUsers.id, userIds),
        sql`not (${reason}::text = any(${appUsers.riskReasons}))`,
      ),
    );
}

/**
 * A redeem's reasons: the user's own, what this request's screening found, and country_mismatch when
 * the screened country differs from the one the user signed up in.
 */
export function redeemReasons(
  userReasons: readonly string[],
  screening: IpScreeningResult,
  userGeo: string | null,
): RiskReason[] {
  const known = userReasons.filter((reason): reason is RiskReason =>
    (riskReasons as readonly string[]).includes(reason),
  );
  const mismatch: RiskReason[] =
    screening.country && userGeo && screening.country !== userGeo ? ["country_mismatch"] : [];
  return mergeReasons(known, screeningReasons(screening), mismatch);
}
