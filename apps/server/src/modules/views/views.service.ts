import {
  messages,
  roleAllows,
  type SavedView,
  type ViewCreateBody,
  type ViewList,
  viewLimits,
} from "@rewards/contract";
import { and, asc, count, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { savedViews } from "../../db/schema/index.ts";
import { type Actor, byActor, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { isUniqueViolation } from "../../lib/tenant-scope.ts";

type ViewRow = typeof savedViews.$inferSelect;

/** The permission a role needs to save or delete a view shared with the whole app. */
export const sharedViewPermission = "settings.write" as const;

const mayShare = (actor: Actor) => actor.role !== null && roleAllows(actor.role, sharedViewPermission);

const toView = (row: ViewRow, memberId: string | null): SavedView => ({
  _id: row.id,
  list: row.list as ViewList,
  name: row.name,
  shared: row.shared,
  state: row.state as Record<string, string>,
  ownerId: row.ownerId,
  mine: row.ownerId === memberId,
  createdAt: row.createdAt.toISOString(),
});

/** What a member sees: their own views and the app's shared ones; another member's private view never. */
const visibleTo = (actor: Actor) =>
  and(
    eq(savedViews.appId, actor.appId),
    actor.accountId === null
      ? eq(savedViews.shared, true)
      : or(eq(savedViews.shared, true), eq(savedViews.ownerId, actor.accountId)),
  );

/** The member's own views of a list and the app's shared ones, ordered by name (any case). */
export async function listViews(db: Db, actor: Actor, list: ViewList): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(visibleTo(actor), eq(savedViews.list, list)))
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.createdAt));
  return rows.map((row) => toView(row, actor.accountId));
}

const nameTaken = (name: string, shared: boolean) =>
  new AppError(409, shared ? messages.sharedViewNameTaken(name) : messages.viewNameTaken(name));

/** Saves a list's state under a name; a shared view needs a role that may change the app's settings. */
export async function createView(db: Db, actor: Actor, body: ViewCreateBody): Promise<SavedView> {
  const memberId = actor.accountId;
  if (memberId === null) throw new AppError(403, messages.forbidden);
  const shared = body.shared ?? false;
  if (shared && !mayShare(actor)) throw new AppError(403, messages.viewSharedForbidden);
  const name = body.name.trim();
  const state = Object.fromEntries(Object.entries(body.state).filter(([key]) => key !== "page"));
  try {
    const row = await db.transaction(async (tx) => {
      const [counted] = await tx
        .select({ n: count() })
        .from(savedViews)
        .where(
          and(
            eq(savedViews.appId, actor.appId),
            eq(savedViews.ownerId, memberId),
            eq(savedViews.list, body.list),
          ),
        );
      if ((counted?.n ?? 0) >= viewLimits.perMemberPerList) {
        throw new AppError(400, messages.viewLimit(viewLimits.perMemberPerList));
      }
      const [inserted] = await tx
        .insert(savedViews)
        .values({ id: newId(), appId: actor.appId, ownerId: memberId, list: body.list, name, shared, state })
        .returning();
      if (!inserted) throw new Error("saved view not inserted");
      if (shared) {
        await recordAudit(
          tx,
          byActor(actor, {
            action: "view.create",
            recordType: "view",
            recordId: inserted.id,
            changes: { list: { after: body.list }, name: { after: name } },
          }),
        );
      }
      return inserted;
    });
    return toView(row, memberId);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name, shared);
    throw error;
  }
}

/**
 * Deletes a view: always the member's own private one; a shared one with a role that may change the
 * app's settings. Another member's private view and another app's views are not found (null).
 */
export async function deleteView(db: Db, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(savedViews)
      .where(and(visibleTo(actor), eq(savedViews.id, id)))
      .for("update");
    if (!row) return false;
    if (row.shared && !mayShare(actor)) throw new AppError(403, messages.viewSharedForbidden);
    await tx.delete(savedViews).where(eq(savedViews.id, row.id));
    if (row.shared) {
      await recordAudit(
        tx,
        byActor(actor, {
          action: "view.delete",
          recordType: "view",
          recordId: row.id,
          changes: { list: { before: row.list }, name: { before: row.name } },
        }),
      );
    }
    return true;
  });
}
