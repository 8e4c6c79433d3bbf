import { isMaskedSecret, messages, type PushConfig } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pushConfigs } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { checkTokenUri, readServiceAccountKey } from "../../lib/fcm.ts";
import { newId } from "../../lib/ids.ts";
import { maskSecret } from "../../lib/secrets.ts";

type PushRow = typeof pushConfigs.$inferSelect;

/**
 * The whole key file is the secret. Its mask ends with the last characters of the key's id rather than
 * of the JSON text, which always ends the same way.
 */
export function maskServiceAccountKey(text: string): string {
  const keyId = (JSON.parse(text) as { private_key_id?: unknown }).private_key_id;
  return maskSecret(typeof keyId === "string" && keyId ? keyId : text);
}

const toPushConfig = (row: PushRow): PushConfig => ({
  _id: row.id,
  adminId: row.adminId,
  projectId: row.projectId,
  clientEmail: row.clientEmail,
  serviceAccountKey: maskServiceAccountKey(row.serviceAccountKey),
  updatedAt: row.updatedAt.toISOString(),
});

export async function getPushConfig(db: Db, adminId: string): Promise<PushConfig> {
  const [row] = await db.select().from(pushConfigs).where(eq(pushConfigs.adminId, adminId));
  if (row) return toPushConfig(row);
  return { adminId, projectId: "", clientEmail: "", serviceAccountKey: "", updatedAt: null };
}

/** A masked value stands only for the key saved under it; without one it cannot be read as a key. */
function keyValues(incoming: string, stored: string | undefined, tokenOrigin: string | undefined) {
  const text = stored !== undefined && incoming === maskServiceAccountKey(stored) ? stored : incoming;
  if (isMaskedSecret(text)) {
    throw new AppError(400, messages.serviceAccountNotJson, {
      serviceAccountKey: messages.serviceAccountNotJson,
    });
  }
  const key = readServiceAccountKey(text);
  checkTokenUri(key.token_uri, tokenOrigin);
  return { serviceAccountKey: text, projectId: key.project_id, clientEmail: key.client_email };
}

export async function createPushConfig(
  db: Db,
  actor: Actor,
  input: { serviceAccountKey: string },
  tokenOrigin: string | undefined,
) {
  const adminId = actor.appId;
  const values = keyValues(input.serviceAccountKey, undefined, tokenOrigin);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushConfigs)
      .values({ id: newId(), adminId, ...values })
      .onConflictDoNothing({ target: pushConfigs.adminId })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
    await recordAudit(tx, pushEntry(actor, null, row));
    return toPushConfig(row);
  });
}

/** The key file (with its private key) is masked as the screen shows it; project and e-mail in clear. */
function pushEntry(actor: Actor, before: PushRow | null, after: PushRow) {
  return byActor(actor, {
    action: "settings.push.save",
    recordType: "pushConfig",
    recordId: after.id,
    changes: changesBetween(before, after, { serviceAccountKey: maskServiceAccountKey }),
  });
}

export async function updatePushConfig(
  db: Db,
  actor: Actor,
  id: string,
  input: { serviceAccountKey: string },
  tokenOrigin: string | undefined,
) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const where = and(eq(pushConfigs.adminId, adminId), eq(pushConfigs.id, id));
    const [current] = await tx.select().from(pushConfigs).where(where).for("update");
    if (!current) return null;
    const [row] = await tx
      .update(pushConfigs)
      .set({
        ...keyValues(input.serviceAccountKey, current.serviceAccountKey, tokenOrigin),
        updatedAt: new Date(),
      })
      .where(where)
      .returning();
    if (!row) return null;
    await recordAudit(tx, pushEntry(actor, current, row));
    return toPushConfig(row);
  });
}

/** The stored key, for sending; null when the tenant has none. */
export async function storedServiceAccountKey(db: Db, adminId: string) {
  const [row] = await db
    .select({ serviceAccountKey: pushConfigs.serviceAccountKey })
    .from(pushConfigs)
    .where(eq(pushConfigs.adminId, adminId));
  return row ? readServiceAccountKey(row.serviceAccountKey) : null;
}
