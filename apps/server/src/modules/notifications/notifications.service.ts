import { messages, type Notification } from "@rewards/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { PushSendError, sendToTopic } from "../../lib/fcm.ts";
import { newId } from "../../lib/ids.ts";
import { seekAfter } from "../../lib/keyset.ts";
import { storedServiceAccountKey } from "../settings/index.ts";

type NotificationRow = typeof notifications.$inferSelect;

/** The app subscribes every device to this topic (decision 0012). */
export const allDevicesTopic = "all";

const toNotification = (row: NotificationRow): Notification => ({
  _id: row.id,
  notificationTitle: row.title,
  notificationBody: row.body,
  status: row.status,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Sends one push to every device and records it either way: a refused or unreachable provider answers
 * 502 with its reason, and the history shows the failed attempt.
 */
export async function sendNotification(
  db: Db,
  actor: Actor,
  input: { title: string; body: string },
  provider: { fcmBaseUrl: string; tokenOrigin: string | undefined; timeoutMs: number },
): Promise<Notification> {
  const adminId = actor.appId;
  const key = await storedServiceAccountKey(db, adminId);
  if (!key) throw new AppError(400, messages.pushNotConfigured);
  let outcome: { status: "sent"; messageId: string } | { status: "failed"; error: string };
  try {
    const messageId = await sendToTopic(key, { topic: allDevicesTopic, ...input }, provider);
    outcome = { status: "sent", messageId };
  } catch (error) {
    if (!(error instanceof PushSendError)) throw error;
    outcome = { status: "failed", error: error.message };
  }
  const row = await db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(notifications)
      .values({ id: newId(), adminId, title: input.title, body: input.body, ...outcome })
      .returning();
    if (!sent) return undefined;
    const { title, body, status, error } = sent;
    await recordAudit(
      tx,
      byActor(actor, {
        action: "notification.send",
        recordType: "notification",
        recordId: sent.id,
        changes: changesBetween(null, { title, body, status, error }),
      }),
    );
    return sent;
  });
  if (outcome.status === "failed") throw new AppError(502, messages.pushFailed(outcome.error));
  return toNotification(row as NotificationRow);
}

/** Newest first; served by the (admin_id, created_at desc) index. */
export async function listNotifications(
  db: Db,
  adminId: string,
  page: { pageNumber: number; pageSize: number },
) {
  const where = eq(notifications.adminId, adminId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.pageSize)
      .offset((page.pageNumber - 1) * page.pageSize),
    db.select({ value: count() }).from(notifications).where(where),
  ]);
  return { totalCount: total?.value ?? 0, entities: rows.map(toNotification) };
}

/**
 * The history in its own order (newest first, then id) after the row `after` (from the start when
 * undefined), by keyset on its (admin_id, created_at, id) index: what an export reads, batch by batch.
 */
export async function notificationHistoryAfter(
  db: Db,
  adminId: string,
  page: { after?: string | undefined; pageSize: number },
): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.adminId, adminId),
        page.after === undefined
          ? undefined
          : seekAfter(notifications.createdAt, notifications.id, page.after, "desc"),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.pageSize);
  return rows.map(toNotification);
}
