import {
  type GeneralConfig,
  type GeneralConfigBody,
  generalConfigDefaults,
  messages,
} from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { generalConfigs } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";

type GeneralRow = typeof generalConfigs.$inferSelect;
type GeneralInput = Required<GeneralConfigBody>;

const toGeneralConfig = (row: GeneralRow): GeneralConfig => ({
  _id: row.id,
  adminId: row.adminId,
  name: "general",
  refPercent: row.refPercent,
  ratio: row.ratio,
  fbLike: row.fbLike,
  fbShare: row.fbShare,
  twShare: row.twShare,
  blockVpnSignups: row.blockVpnSignups,
  timeZone: row.timeZone,
  language: row.language,
  updatedAt: row.updatedAt.toISOString(),
});

/** The tenant's point rules, or the defaults (decision 0015) without `_id` until saved. */
export async function getGeneralConfig(db: Db, adminId: string): Promise<GeneralConfig> {
  const [row] = await db.select().from(generalConfigs).where(eq(generalConfigs.adminId, adminId));
  if (row) return toGeneralConfig(row);
  return { adminId, name: "general", ...generalConfigDefaults, updatedAt: null };
}

const generalEntry = (actor: Actor, before: GeneralRow | null, after: GeneralRow) =>
  byActor(actor, {
    action: "settings.general.save",
    recordType: "generalConfig",
    recordId: after.id,
    changes: changesBetween(before, after),
  });

/**
 * The database must know the zone too (its days are counted there, by triggers on every offer): one it
 * does not know answers 400 before anything is saved.
 */
async function checkTimeZone(tx: Tx, zone: string) {
  const result = await tx.execute(
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`,
  );
  const [row] = (result as unknown as { rows: { known: boolean }[] }).rows;
  if (!row?.known) throw new AppError(400, messages.timeZone);
}

/** Analytics' days are the zone's: a new zone recounts the app's rollups in the saving transaction. */
async function recountAnalytics(tx: Tx, adminId: string) {
  await tx.execute(sql`select analytics_rebuild(${adminId})`);
}

export async function createGeneralConfig(db: Db, actor: Actor, input: GeneralInput) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    await checkTimeZone(tx, input.timeZone);
    const [row] = await tx
      .insert(generalConfigs)
      .values({ id: newId(), adminId, ...input })
      .onConflictDoNothing({ target: generalConfigs.adminId })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
    if (row.timeZone !== generalConfigDefaults.timeZone) await recountAnalytics(tx, adminId);
    await recordAudit(tx, generalEntry(actor, null, row));
    return toGeneralConfig(row);
  });
}

export async function updateGeneralConfig(db: Db, actor: Actor, id: string, input: GeneralInput) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const where = and(eq(generalConfigs.adminId, adminId), eq(generalConfigs.id, id));
    const [current] = await tx.select().from(generalConfigs).where(where).for("update");
    if (!current) return null;
    // The zone list is a scan of the zone files: read only when the zone changes.
    if (input.timeZone !== current.timeZone) await checkTimeZone(tx, input.timeZone);
    const [row] = await tx
      .update(generalConfigs)
      .set({ ...input, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) return null;
    if (row.timeZone !== current.timeZone) await recountAnalytics(tx, adminId);
    await recordAudit(tx, generalEntry(actor, current, row));
    return toGeneralConfig(row);
  });
}
