import {
  type GeneralConfig,
  type GeneralConfigBody,
  generalConfigDefaults,
  messages,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
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

export async function createGeneralConfig(db: Db, actor: Actor, input: GeneralInput) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(generalConfigs)
      .values({ id: newId(), adminId, ...input })
      .onConflictDoNothing({ target: generalConfigs.adminId })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
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
    const [row] = await tx
      .update(generalConfigs)
      .set({ ...input, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) return null;
    await recordAudit(tx, generalEntry(actor, current, row));
    return toGeneralConfig(row);
  });
}
