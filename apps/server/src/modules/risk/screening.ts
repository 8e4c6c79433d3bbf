import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { ipScreenings, networkConfigs } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { type IpScreeningResult, screenIp } from "../../lib/ip-data.ts";

/** The tenant's ipdata API key: the App/API key of its `ipdata` network config, null until saved. */
async function ipDataKey(db: Db, adminId: string): Promise<string | null> {
  const [row] = await db
    .select({ appId: networkConfigs.appId })
    .from(networkConfigs)
    .where(and(eq(networkConfigs.adminId, adminId), eq(networkConfigs.network, "ipdata")));
  return row?.appId || null;
}

/** Screens an address with the tenant's key. Runs outside any transaction: it waits on the network. */
export async function screenForTenant(
  db: Db,
  ipDataBaseUrl: string,
  adminId: string,
  ip: string,
): Promise<IpScreeningResult> {
  return screenIp(ip, { baseUrl: ipDataBaseUrl, apiKey: await ipDataKey(db, adminId) });
}

/** Keeps what the screening found, beside the user (and the redeem) it was for. */
export async function recordScreening(
  tx: Tx,
  entry: {
    adminId: string;
    userId: string;
    redeemId?: string | null;
    purpose: "signup" | "redeem";
    ip: string;
    result: IpScreeningResult;
  },
): Promise<void> {
  await tx.insert(ipScreenings).values({
    id: newId(),
    adminId: entry.adminId,
    userId: entry.userId,
    redeemId: entry.redeemId ?? null,
    purpose: entry.purpose,
    ip: entry.ip,
    ...entry.result,
  });
}

/** The address as people read it: an IPv4 client reached over IPv6 shows as plain IPv4. */
export const clientIp = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

/**
 * The latest screening of one purpose for a user (`signup`, keyed by the user) or a redeem (`redeem`, keyed
 * by the redeem), as a statement prepared under `name` for a details call: placeholders `id` and `adminId`.
 */
export function latestScreeningStatement(db: Db, name: string, purpose: "signup" | "redeem") {
  const key = purpose === "signup" ? ipScreenings.userId : ipScreenings.redeemId;
  return db
    .select()
    .from(ipScreenings)
    .where(
      and(
        eq(key, sql.placeholder("id")),
        eq(ipScreenings.adminId, sql.placeholder("adminId")),
        eq(ipScreenings.purpose, purpose),
      ),
    )
    .orderBy(desc(ipScreenings.createdAt))
    .limit(1)
    .prepare(name);
}
