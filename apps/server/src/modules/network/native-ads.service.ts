import {
  type EnableFlag,
  messages,
  type NativeAds,
  type NativeAdsNetwork,
  type nativeAdsBodySchema,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { nativeAdsConfigs } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";

type NativeAdsRow = typeof nativeAdsConfigs.$inferSelect;
type NativeAdsInput = z.output<typeof nativeAdsBodySchema>;

const toNativeAds = (row: NativeAdsRow): NativeAds => ({
  _id: row.id,
  adminId: row.adminId,
  network: row.network as NativeAdsNetwork,
  owClick: row.owClick,
  navClick: row.navClick,
  owEnable: row.owEnable as EnableFlag,
  openEnable: row.openEnable as EnableFlag,
  navClickEnable: row.navClickEnable as EnableFlag,
  bannerEnable: row.bannerEnable as EnableFlag,
  updatedAt: row.updatedAt.toISOString(),
});

/** The app's saved config of one native ads network; null until the first save. */
export async function findNativeAds(
  db: Db,
  adminId: string,
  network: NativeAdsNetwork,
): Promise<NativeAds | null> {
  const [row] = await db
    .select()
    .from(nativeAdsConfigs)
    .where(and(eq(nativeAdsConfigs.adminId, adminId), eq(nativeAdsConfigs.network, network)));
  return row ? toNativeAds(row) : null;
}

/** The saved config, or the starting values (without `_id`) until the first save. */
export async function getNativeAds(db: Db, adminId: string, network: NativeAdsNetwork): Promise<NativeAds> {
  const saved = await findNativeAds(db, adminId, network);
  if (saved) return saved;
  return {
    adminId,
    network,
    owClick: 0,
    navClick: 0,
    owEnable: 0,
    openEnable: 0,
    navClickEnable: 0,
    bannerEnable: 0,
    updatedAt: null,
  };
}

/** A native-ads save's audit entry, naming the network even when it did not change. */
const nativeAdsEntry = (actor: Actor, before: NativeAdsRow | null, after: NativeAdsRow) =>
  byActor(actor, {
    action: "nativeAds.save",
    recordType: "nativeAds",
    recordId: after.id,
    changes: {
      ...changesBetween(before, after),
      ...(before ? { network: { before: before.network, after: after.network } } : {}),
    },
  });

export async function createNativeAds(db: Db, actor: Actor, input: NativeAdsInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(nativeAdsConfigs)
      .values({ id: newId(), adminId: actor.appId, ...input })
      .onConflictDoNothing({ target: [nativeAdsConfigs.adminId, nativeAdsConfigs.network] })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
    await recordAudit(tx, nativeAdsEntry(actor, null, row));
    return toNativeAds(row);
  });
}

export async function updateNativeAds(db: Db, actor: Actor, id: string, input: NativeAdsInput) {
  return db.transaction(async (tx) => {
    const where = and(eq(nativeAdsConfigs.adminId, actor.appId), eq(nativeAdsConfigs.id, id));
    const [current] = await tx.select().from(nativeAdsConfigs).where(where).for("update");
    if (!current) return null;
    if (current.network !== input.network) {
      throw new AppError(400, messages.settingNameMismatch, { network: messages.settingNameMismatch });
    }
    const [row] = await tx
      .update(nativeAdsConfigs)
      .set({ ...input, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) return null;
    await recordAudit(tx, nativeAdsEntry(actor, current, row));
    return toNativeAds(row);
  });
}
