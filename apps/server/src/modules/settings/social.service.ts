import { messages, type SocialConfig, type SocialName, type socialBodySchema } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { socialConfigs } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { keepOrReplace, maskSecret } from "../../lib/secrets.ts";

type SocialRow = typeof socialConfigs.$inferSelect;
type SocialInput = z.output<typeof socialBodySchema>;

const toSocialConfig = (row: SocialRow): SocialConfig => ({
  _id: row.id,
  adminId: row.adminId,
  name: row.name,
  appId: row.appId,
  appSecret: maskSecret(row.appSecret),
  appPage: row.appPage,
  shareText: row.shareText,
  updatedAt: row.updatedAt.toISOString(),
});

export async function getSocialConfig(db: Db, adminId: string, name: SocialName): Promise<SocialConfig> {
  const [row] = await db
    .select()
    .from(socialConfigs)
    .where(and(eq(socialConfigs.adminId, adminId), eq(socialConfigs.name, name)));
  if (row) return toSocialConfig(row);
  return { adminId, name, appId: "", appSecret: "", appPage: "", shareText: "", updatedAt: null };
}

/** A social save's audit entry: the app secret masked, the login named even when it did not change. */
const socialEntry = (actor: Actor, before: SocialRow | null, after: SocialRow) =>
  byActor(actor, {
    action: "settings.social.save",
    recordType: "socialConfig",
    recordId: after.id,
    changes: {
      ...changesBetween(before, after, { appSecret: true }),
      ...(before ? { name: { before: before.name, after: after.name } } : {}),
    },
  });

export async function createSocialConfig(db: Db, actor: Actor, input: SocialInput) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(socialConfigs)
      .values({ id: newId(), adminId, ...input })
      .onConflictDoNothing({ target: [socialConfigs.adminId, socialConfigs.name] })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
    await recordAudit(tx, socialEntry(actor, null, row));
    return toSocialConfig(row);
  });
}

export async function updateSocialConfig(db: Db, actor: Actor, id: string, input: SocialInput) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const where = and(eq(socialConfigs.adminId, adminId), eq(socialConfigs.id, id));
    const [current] = await tx.select().from(socialConfigs).where(where).for("update");
    if (!current) return null;
    if (current.name !== input.name) {
      throw new AppError(400, messages.settingNameMismatch, { name: messages.settingNameMismatch });
    }
    const appSecret = keepOrReplace(input.appSecret, current.appSecret);
    const [row] = await tx
      .update(socialConfigs)
      .set({ ...input, appSecret, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) return null;
    await recordAudit(tx, socialEntry(actor, current, row));
    return toSocialConfig(row);
  });
}
