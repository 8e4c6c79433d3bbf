import {
  type ConfigNetwork,
  type EnableFlag,
  messages,
  type NetworkConfig,
  type networkBodySchema,
  networkFields,
  type OfferNetwork,
  offerNetworks,
  postbackServerIps,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { networkConfigs } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { keepOrReplace, maskSecret } from "../../lib/secrets.ts";
import { postbackUrl } from "./postback-urls.ts";

type NetworkRow = typeof networkConfigs.$inferSelect;
const isOfferNetwork = (network: string): network is OfferNetwork =>
  (offerNetworks as readonly string[]).includes(network);
type NetworkInput = z.output<typeof networkBodySchema>;
/** Who is asking and where their postbacks go. */
/**
 * The app whose config is read, and whether the reader may see its secrets: a role without
 * `settings.write` gets the postback address with a secret that rides in it masked.
 */
export type NetworkOwner = { adminId: string; postbackKey: string; publicUrl: string; readsSecrets: boolean };
/** A write also names the member who makes it. */
export type NetworkWriter = NetworkOwner & { actor: Actor };

const secretFields = ["appToken", "postbackSecret", "postbackSecretAndroid"] as const;
/** Where the "App ID" field holds an API key (ipdata), it is a secret like the others. */
const secretFieldsOf = (network: string): readonly ((typeof secretFields)[number] | "appId")[] =>
  (networkFields as Record<string, { keyOnly?: true }>)[network]?.keyOnly
    ? ([...secretFields, "appId"] as const)
    : secretFields;

/** A new config's starting values: nothing entered, half of each payout passed on, both platforms off. */
export const networkDefaults = { provision: 0.5, iosEnable: 0, androidEnable: 0 } as const;

function toNetworkConfig(
  owner: NetworkOwner,
  row: Omit<NetworkRow, "id" | "createdAt" | "updatedAt"> & {
    id?: string;
    updatedAt?: Date;
  },
): NetworkConfig {
  return {
    ...(row.id ? { _id: row.id } : {}),
    adminId: owner.adminId,
    network: row.network as ConfigNetwork,
    appId: secretFieldsOf(row.network).includes("appId") ? maskSecret(row.appId) : row.appId,
    appToken: maskSecret(row.appToken),
    postbackSecret: maskSecret(row.postbackSecret),
    postbackSecretAndroid: maskSecret(row.postbackSecretAndroid),
    provision: row.provision,
    iosEnable: row.iosEnable as EnableFlag,
    androidEnable: row.androidEnable as EnableFlag,
    allowedIps: row.allowedIps,
    postbackUrl: postbackUrl(
      owner.publicUrl,
      owner.postbackKey,
      row.network as ConfigNetwork,
      owner.readsSecrets ? row.postbackSecret : maskSecret(row.postbackSecret),
    ),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** The tenant's config of one network, or its defaults without `_id` until the first save. */
export async function getNetworkConfig(db: Db, owner: NetworkOwner, network: ConfigNetwork) {
  const [row] = await db
    .select()
    .from(networkConfigs)
    .where(and(eq(networkConfigs.adminId, owner.adminId), eq(networkConfigs.network, network)));
  return toNetworkConfig(
    owner,
    row ?? {
      adminId: owner.adminId,
      network,
      appId: "",
      appToken: "",
      postbackSecret: "",
      postbackSecretAndroid: "",
      // A new config starts with the addresses the network publishes for its postback servers.
      allowedIps: [...(isOfferNetwork(network) ? (postbackServerIps[network] ?? []) : [])],
      ...networkDefaults,
    },
  );
}

/** A network save's audit entry: every secret masked, the network named even when it did not change. */
const networkEntry = (actor: Actor, before: NetworkRow | null, after: NetworkRow) =>
  byActor(actor, {
    action: "network.save",
    recordType: "network",
    recordId: after.id,
    changes: {
      ...changesBetween(
        before,
        after,
        Object.fromEntries(secretFieldsOf(after.network).map((field) => [field, true])),
      ),
      ...(before ? { network: { before: before.network, after: after.network } } : {}),
    },
  });

export async function createNetworkConfig(db: Db, owner: NetworkWriter, input: NetworkInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(networkConfigs)
      .values({ id: newId(), adminId: owner.adminId, ...input })
      .onConflictDoNothing({ target: [networkConfigs.adminId, networkConfigs.network] })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
    await recordAudit(tx, networkEntry(owner.actor, null, row));
    return toNetworkConfig(owner, row);
  });
}

/** Masked secrets sent back keep the stored ones; the network of a saved config cannot change. */
export async function updateNetworkConfig(db: Db, owner: NetworkWriter, id: string, input: NetworkInput) {
  return db.transaction(async (tx) => {
    const where = and(eq(networkConfigs.adminId, owner.adminId), eq(networkConfigs.id, id));
    const [current] = await tx.select().from(networkConfigs).where(where).for("update");
    if (!current) return null;
    if (current.network !== input.network) {
      throw new AppError(400, messages.settingNameMismatch, { network: messages.settingNameMismatch });
    }
    const values = { ...input };
    for (const field of secretFieldsOf(current.network)) {
      values[field] = keepOrReplace(input[field], current[field]);
    }
    const [row] = await tx
      .update(networkConfigs)
      .set({ ...values, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) return null;
    await recordAudit(tx, networkEntry(owner.actor, current, row));
    return toNetworkConfig(owner, row);
  });
}
