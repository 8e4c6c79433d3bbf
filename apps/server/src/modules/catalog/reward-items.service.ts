import type {
  AuditChanges,
  RewardItem,
  RewardItemSortField,
  rewardItemBodySchema,
  rewardItemFilterSchema,
} from "@rewards/contract";
import { and, eq, ilike, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { rewardItems, rewards } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { newId } from "../../lib/ids.ts";
import { countAll, type ListParams, likeEscape, listClauses } from "../../lib/list-query.ts";
import { toRewardItem } from "./catalog.mapper.ts";

type RewardItemFilter = z.output<typeof rewardItemFilterSchema>;
type RewardItemBody = z.output<typeof rewardItemBodySchema>;

const tenant = (adminId: string) => eq(rewardItems.adminId, adminId);

async function rewardExists(db: Db, adminId: string, rewardId: string) {
  const [row] = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.adminId, adminId), eq(rewards.id, rewardId)));
  return row !== undefined;
}

/** The items of one of this tenant's rewards; null when the reward is not the tenant's. */
export async function listRewardItems(
  db: Db,
  adminId: string,
  rewardId: string,
  params: ListParams<RewardItemFilter, RewardItemSortField>,
) {
  if (!(await rewardExists(db, adminId, rewardId))) return null;
  const scope = and(tenant(adminId), eq(rewardItems.rewardId, rewardId));
  const { where, orderBy, limit, offset } = listClauses(params, scope as NonNullable<typeof scope>, {
    filters: {
      cost: (text) => ilike(rewardItems.cost, `%${likeEscape(text)}%`),
      _id: (id) => eq(rewardItems.id, id),
    },
    sorts: { _id: rewardItems.id, points: rewardItems.points, cost: rewardItems.cost },
    tiebreaker: rewardItems.id,
  });
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(rewardItems)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    db.select(countAll()).from(rewardItems).where(where),
  ]);
  return { totalCount: total?.value ?? 0, entities: rows.map(toRewardItem) };
}

export async function getRewardItem(db: Db, adminId: string, id: string): Promise<RewardItem | null> {
  const [row] = await db
    .select()
    .from(rewardItems)
    .where(and(tenant(adminId), eq(rewardItems.id, id)));
  return row ? toRewardItem(row) : null;
}

type RewardItemRow = typeof rewardItems.$inferSelect;

/** What an item's audit entries show. */
const audited = (row: RewardItemRow) => ({ cost: row.cost, points: row.points, rewardId: row.rewardId });

const itemEntry = (
  actor: Actor,
  action: "rewardItem.create" | "rewardItem.update" | "rewardItem.delete",
  id: string,
  changes: AuditChanges,
) => byActor(actor, { action, recordType: "rewardItem", recordId: id, changes });

/** Null when the reward is not the tenant's. */
export async function createRewardItem(
  db: Db,
  actor: Actor,
  rewardId: string,
  body: RewardItemBody,
): Promise<RewardItem | null> {
  const adminId = actor.appId;
  if (!(await rewardExists(db, adminId, rewardId))) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rewardItems)
      .values({ id: newId(), adminId, rewardId, cost: body.cost, points: body.points })
      .returning();
    if (!row) return null;
    await recordAudit(tx, itemEntry(actor, "rewardItem.create", row.id, changesBetween(null, audited(row))));
    return toRewardItem(row);
  });
}

export async function updateRewardItem(
  db: Db,
  actor: Actor,
  id: string,
  body: RewardItemBody,
): Promise<RewardItem | null> {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const where = and(tenant(adminId), eq(rewardItems.id, id));
    const [current] = await tx.select().from(rewardItems).where(where).for("update");
    if (!current) return null;
    const [row] = await tx
      .update(rewardItems)
      .set({ cost: body.cost, points: body.points })
      .where(where)
      .returning();
    if (!row) return null;
    const changes = changesBetween(audited(current), audited(row));
    await recordAudit(tx, itemEntry(actor, "rewardItem.update", id, changes));
    return toRewardItem(row);
  });
}

export async function deleteRewardItems(db: Db, actor: Actor, ids: string[]): Promise<RewardItem[]> {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(rewardItems)
      .where(and(tenant(adminId), inArray(rewardItems.id, ids)))
      .returning();
    await recordAudit(
      tx,
      deleted.map((row) => itemEntry(actor, "rewardItem.delete", row.id, changesBetween(audited(row), null))),
    );
    return deleted.map(toRewardItem);
  });
}
