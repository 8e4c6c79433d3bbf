import { generalConfigDefaults, type OfferNetwork, type PostbackOutcome } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { limitInText, preparedPerDatabase } from "../../db/prepared.ts";
import {
  admins,
  appUsers,
  completedOffers,
  generalConfigs,
  networkConfigs,
  payoutSettings,
} from "../../db/schema/index.ts";
import {
  type HoldSettings,
  holdRulesOrDefaults,
  offerHistory,
  toHistory,
  type UserHistory,
  windowStart,
} from "../payouts/index.ts";
import type { StoredOffer } from "./apply-conversion.ts";
import { refusedEarlierOutcome } from "./log-entry.ts";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  user: {
    id: string;
    referredBy: string | null;
    active: boolean;
    points: number;
    /** What the app's hold rules look at, as of this read (the credit being made not stored yet). */
    history: UserHistory;
  } | null;
  /** The app's hold rules, for a credit. */
  holdSettings: HoldSettings;
  /** The outcome that refused the request's transaction for good earlier (a banned user…), if one did. */
  refusedEarlier: PostbackOutcome | null;
  /** The transaction id is an app user's id, any tenant's (CPX signs both with the same key). */
  transactionIsUserId: boolean;
  /**
   * The completed offer stored under the conversion's key (`offerKey`), as of this read, if one is: a
   * network's retry of a credited transaction is answered from it without writing the offer again.
   */
  storedOffer: StoredOffer | null;
};

const storedOffer = alias(completedOffers, "stored_offer");

/**
 * The tenant of a key, its network config, point and hold rules, the user with the history the hold rules
 * look at, whether the transaction was refused for good before, and the offer it stored if it was, in one
 * round trip: every statement a postback makes is a write to PostgreSQL and a wake-up of two processes,
 * and these reads need nothing the credit's transaction writes. Built once per database and prepared under
 * a name, so PostgreSQL plans its joins once per connection (planning them cost ten times running them).
 */
const tenantQuery = preparedPerDatabase((db) =>
  db
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
      userCreatedAt: appUsers.createdAt,
      offerHistory: offerHistory(admins.id, appUsers.id, windowStart(payoutSettings.reversalHold)),
      holdRules: payoutSettings.holdRules,
      reversalHold: payoutSettings.reversalHold,
      refusedEarlier: refusedEarlierOutcome(
        admins.id,
        sql.placeholder("network"),
        sql.placeholder("transactionId"),
      ),
      transactionIsUserId: sql<boolean>`exists (select from ${appUsers} as named_user where named_user.id = ${sql.placeholder("transactionUserId")})`,
      storedOfferStatus: storedOffer.status,
      storedOfferUserId: storedOffer.userId,
    })
    .from(admins)
    .leftJoin(
      networkConfigs,
      and(eq(networkConfigs.adminId, admins.id), eq(networkConfigs.network, sql.placeholder("network"))),
    )
    .leftJoin(generalConfigs, eq(generalConfigs.adminId, admins.id))
    .leftJoin(payoutSettings, eq(payoutSettings.appId, admins.id))
    .leftJoin(appUsers, and(eq(appUsers.adminId, admins.id), eq(appUsers.id, sql.placeholder("userId"))))
    .leftJoin(
      storedOffer,
      and(
        eq(storedOffer.adminId, admins.id),
        eq(storedOffer.network, sql.placeholder("network")),
        eq(storedOffer.transactionId, sql.placeholder("offerKey")),
      ),
    )
    .where(eq(admins.postbackKey, sql.placeholder("key")))
    .limit(limitInText(1))
    .prepare("postback_tenant"),
);

/** The tenant of a postback key, with what the request needs of it (see tenantQuery). */
export async function loadTenant(
  db: Db,
  key: string,
  network: OfferNetwork,
  ids: { userId: string | null | undefined; transactionId: string | null | undefined },
  /** The key a credit or pending conversion would store its offer under, when the request has one. */
  offerKey: string | null,
): Promise<Tenant | null> {
  const [row] = await tenantQuery(db).execute({
    key,
    network,
    // Null matches no row: a user id that is not a uuid names nobody (and would not cast).
    userId: ids.userId && uuidPattern.test(ids.userId) ? ids.userId : null,
    transactionId: ids.transactionId?.slice(0, 300) ?? null,
    transactionUserId:
      ids.transactionId && uuidPattern.test(ids.transactionId) ? ids.transactionId.toLowerCase() : null,
    offerKey,
  });
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
          history: toHistory(row.userCreatedAt, row.offerHistory),
        }
      : null,
    // hold_rules is never null in a row, so null here means the app has no payout settings row yet.
    holdSettings: holdRulesOrDefaults(
      row.holdRules ? { holdRules: row.holdRules, reversalHold: row.reversalHold ?? null } : undefined,
    ),
    refusedEarlier: row.refusedEarlier ?? null,
    transactionIsUserId: row.transactionIsUserId,
    storedOffer:
      row.storedOfferStatus && row.storedOfferUserId
        ? { status: row.storedOfferStatus, userId: row.storedOfferUserId }
        : null,
  };
}
