import { messages, type PointHold } from "@rewards/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { appUsers, completedOffers, pointHolds } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { type PointHoldRow, releaseHold } from "../ledger/index.ts";

/** How many of a user's holds the details list: the newest. */
const listedHolds = 100;

const toPointHold = (row: PointHoldRow, network: string | null): PointHold => ({
  _id: row.id,
  points: row.points,
  offerId: row.offerId,
  network,
  releaseAt: row.releaseAt.toISOString(),
  status: row.status,
  reason: row.reason,
  releasedAt: row.releasedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A hold as audited: what an operator can change about it. */
const audited = (row: PointHoldRow) => ({
  holdId: row.id,
  points: row.points,
  status: row.status,
  releaseAt: row.releaseAt.toISOString(),
  releasedAt: row.releasedAt?.toISOString() ?? null,
});

async function networkOf(tx: Tx, row: PointHoldRow): Promise<string | null> {
  if (!row.offerId) return null;
  const [offer] = await tx
    .select({ network: completedOffers.network })
    .from(completedOffers)
    .where(and(eq(completedOffers.adminId, row.appId), eq(completedOffers.id, row.offerId)));
  return offer?.network ?? null;
}

/**
 * An app user's holds, newest first (the 100 latest; index (app_id, user_id, created_at)), each with its
 * offer's network. Null when the app has no such user.
 */
export async function listUserHolds(db: Db, appId: string, userId: string) {
  const [user] = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(and(eq(appUsers.adminId, appId), eq(appUsers.id, userId)));
  if (!user) return null;
  const where = and(eq(pointHolds.appId, appId), eq(pointHolds.userId, userId));
  const rows = await db
    .select({ hold: pointHolds, network: completedOffers.network })
    .from(pointHolds)
    .leftJoin(
      completedOffers,
      and(eq(completedOffers.adminId, pointHolds.appId), eq(completedOffers.id, pointHolds.offerId)),
    )
    .where(where)
    .orderBy(desc(pointHolds.createdAt), desc(pointHolds.id))
    .limit(listedHolds);
  const [total] = await db.select({ count: count() }).from(pointHolds).where(where);
  return {
    entities: rows.map((row) => toPointHold(row.hold, row.network)),
    totalCount: Number(total?.count ?? 0),
  };
}

/** The app's hold, locked for the change; null when unknown, 409 when it is no longer held. */
async function heldHold(tx: Tx, appId: string, holdId: string): Promise<PointHoldRow | null> {
  const [row] = await tx
    .select()
    .from(pointHolds)
    .where(and(eq(pointHolds.appId, appId), eq(pointHolds.id, holdId)))
    .for("update");
  if (!row) return null;
  if (row.status !== "held") throw new AppError(409, messages.holdNotHeld);
  return row;
}

/** Releases a held credit by hand, now (audited "hold.release" on the user). */
export async function releaseHoldByHand(db: Db, actor: Actor, holdId: string): Promise<PointHold | null> {
  return db.transaction(async (tx) => {
    const before = await heldHold(tx, actor.appId, holdId);
    if (!before) return null;
    const after = await releaseHold(tx, { appId: actor.appId, holdId });
    if (!after) throw new AppError(409, messages.holdNotHeld);
    await recordAudit(
      tx,
      byActor(actor, {
        action: "hold.release",
        recordType: "user",
        recordId: after.userId,
        changes: changesBetween(audited(before), audited(after)),
      }),
    );
    return toPointHold(after, await networkOf(tx, after));
  });
}

/** Holds a credit `days` longer: its release date moves (audited "hold.extend" on the user). */
export async function extendHold(
  db: Db,
  actor: Actor,
  holdId: string,
  days: number,
): Promise<PointHold | null> {
  return db.transaction(async (tx) => {
    const before = await heldHold(tx, actor.appId, holdId);
    if (!before) return null;
    const [after] = await tx
      .update(pointHolds)
      .set({ releaseAt: sql`${pointHolds.releaseAt} + make_interval(days => ${days}::int)` })
      .where(eq(pointHolds.id, before.id))
      .returning();
    if (!after) return null;
    await recordAudit(
      tx,
      byActor(actor, {
        action: "hold.extend",
        recordType: "user",
        recordId: after.userId,
        changes: changesBetween(audited(before), audited(after)),
      }),
    );
    return toPointHold(after, await networkOf(tx, after));
  });
}
