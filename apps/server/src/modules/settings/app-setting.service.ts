import { type AppSetting, type identityFieldsSchema, messages } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { appSettings } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { deleteUpload, type Image, saveUpload, uploadUrl } from "../../lib/uploads.ts";

type AppSettingRow = typeof appSettings.$inferSelect;
type IdentityFields = z.output<typeof identityFieldsSchema>;
export type IdentityImages = { logo?: Image; favicon?: Image };

/** The identity's audit entry; logo and favicon as their addresses (a new image is a new address). */
const identityEntry = (actor: Actor, before: AppSettingRow | null, after: AppSettingRow) => {
  const audited = (row: AppSettingRow) => ({
    appName: row.appName,
    moto: row.moto,
    domain: row.domain,
    sharingDomain: row.sharingDomain,
    endpoint: row.endpoint,
    logo: uploadUrl(row.logoUploadId),
    favicon: uploadUrl(row.faviconUploadId),
  });
  return byActor(actor, {
    action: "settings.identity.save",
    recordType: "appSetting",
    recordId: after.id,
    changes: changesBetween(before && audited(before), audited(after)),
  });
};

const toAppSetting = (row: AppSettingRow): AppSetting => ({
  _id: row.id,
  adminId: row.adminId,
  appName: row.appName,
  moto: row.moto,
  domain: row.domain,
  sharingDomain: row.sharingDomain,
  endpoint: row.endpoint,
  logo: uploadUrl(row.logoUploadId),
  favicon: uploadUrl(row.faviconUploadId),
  updatedAt: row.updatedAt.toISOString(),
});

export async function getAppSetting(db: Db, adminId: string): Promise<AppSetting> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.adminId, adminId));
  if (row) return toAppSetting(row);
  const empty = { appName: "", moto: "", domain: "", sharingDomain: "", endpoint: "" };
  return { adminId, ...empty, logo: null, favicon: null, updatedAt: null };
}

/** Logo and favicon are required on create. */
export async function createAppSetting(db: Db, actor: Actor, fields: IdentityFields, images: IdentityImages) {
  const adminId = actor.appId;
  const missing = (["logo", "favicon"] as const).filter((name) => !images[name]);
  if (missing.length > 0) {
    const fieldErrors = Object.fromEntries(missing.map((name) => [name, messages.imageRequired]));
    throw new AppError(400, messages.fieldInvalid(missing[0] ?? "logo", messages.imageRequired), fieldErrors);
  }
  return db.transaction(async (tx) => {
    const [logoUploadId, faviconUploadId] = [
      await saveUpload(tx, adminId, images.logo as Image),
      await saveUpload(tx, adminId, images.favicon as Image),
    ];
    const [row] = await tx
      .insert(appSettings)
      .values({ id: newId(), adminId, ...fields, logoUploadId, faviconUploadId })
      .onConflictDoNothing({ target: appSettings.adminId })
      .returning();
    // Throwing rolls the uploads back with the refused create.
    if (!row) throw new AppError(409, messages.settingExists);
    await recordAudit(tx, identityEntry(actor, null, row));
    return toAppSetting(row);
  });
}

/** An image sent replaces the stored one, whose upload is deleted; an image not sent is kept. */
export async function updateAppSetting(
  db: Db,
  actor: Actor,
  id: string,
  fields: IdentityFields,
  images: IdentityImages,
) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const where = and(eq(appSettings.adminId, adminId), eq(appSettings.id, id));
    const [current] = await tx.select().from(appSettings).where(where).for("update");
    if (!current) return null;
    const logoUploadId = images.logo ? await saveUpload(tx, adminId, images.logo) : current.logoUploadId;
    const faviconUploadId = images.favicon
      ? await saveUpload(tx, adminId, images.favicon)
      : current.faviconUploadId;
    const [row] = await tx
      .update(appSettings)
      .set({ ...fields, logoUploadId, faviconUploadId, updatedAt: new Date() })
      .where(where)
      .returning();
    if (images.logo) await deleteUpload(tx, adminId, current.logoUploadId);
    if (images.favicon) await deleteUpload(tx, adminId, current.faviconUploadId);
    if (!row) return null;
    await recordAudit(tx, identityEntry(actor, current, row));
    return toAppSetting(row);
  });
}
