import { generalConfigDefaults, type OfferNetwork } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { admins, appUsers, generalConfigs, networkConfigs } from "../../db/schema/index.ts";

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a postback key belongs to, with what the request needs of that tenant. */
export type Tenant = {
  adminId: string;
  /** The operator's account is active: a pending or disabled account's app earns nothing. */
  active: boolean;
  config: {
    postbackSecret: string;
    postbackSecretAndroid: string;
    appToken: string;
    appId: string;
    allowedIps: string[];
    provision: number;
    enabled: boolean;
  } | null;
  refPercent: number;
  ratio: number;
  user: { id: string; referredBy: string | null; active: boolean; points: number } | null;
};

/** The tenant of a key, its network config, point rules and the user, in one round trip. */
export async function loadTenant(
  db: Db,
  key: string,
  network: OfferNetwork,
  userId: string | undefined,
): Promise<Tenant | null> {
  const userMatch = userId && uuidPattern.test(userId) ? userId : null;
  const [row] = await db
    .select({
      adminId: admins.id,
      adminStatus: admins.status,
      configId: networkConfigs.id,
      postbackSecret: networkConfigs.postbackSecret,
      postbackSecretAndroid: networkConfigs.postbackSecretAndroid,
      appToken: networkConfigs.appToken,
      appId: networkConfigs.appId,
      allowedIps: networkConfigs.allowedIps,
      provision: networkConfigs.provision,
      iosEnable: networkConfigs.iosEnable,
      androidEnable: networkConfigs.androidEnable,
      refPercent: generalConfigs.refPercent,
      ratio: generalConfigs.ratio,
      userId: appUsers.id,
      referredBy: appUsers.referredBy,
      userActive: appUsers.isActive,
      userPoints: appUsers.points,
    })
    .from(admins)
    .leftJoin(networkConfigs, and(eq(networkConfigs.adminId, admins.id), eq(networkConfigs.network, network)))
    .leftJoin(generalConfigs, eq(generalConfigs.adminId, admins.id))
    .leftJoin(
      appUsers,
      userMatch ? and(eq(appUsers.adminId, admins.id), eq(appUsers.id, userMatch)) : sql`false`,
    )
    .where(eq(admins.postbackKey, key))
    .limit(1);
  if (!row) return null;
  return {
    adminId: row.adminId,
    active: row.adminStatus === "active",
    config: row.configId
      ? {
          postbackSecret: row.postbackSecret ?? "",
          postbackSecretAndroid: row.postbackSecretAndroid ?? "",
          appToken: row.appToken ?? "",
          appId: row.appId ?? "",
          allowedIps: row.allowedIps ?? [],
          provision: row.provision ?? 0,
          enabled: row.iosEnable === 1 || row.androidEnable === 1,
        }
      : null,
    refPercent: row.refPercent ?? generalConfigDefaults.refPercent,
    ratio: row.ratio ?? generalConfigDefaults.ratio,
    user: row.userId
      ? {
          id: row.userId,
          referredBy: row.referredBy ?? null,
          active: row.userActive !== false,
          points: Number(row.userPoints ?? 0),
        }
      : null,
  };
}
