import type {
  AuditChanges,
  RewardItem,
  RewardItemSortField,
  rewardItemBodySchema,
  rewardItemFilterSchema,
} from "@rewards/contract";
import { type Message, messages } from "@rewards/contract";
import { and, eq, exists, ilike, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { limitInText } from "../../db/prepared.ts";
import { rewardItems, rewards } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { countAll, type ListParams, likeEscape, listClauses, pageAndCount } from "../../lib/list-query.ts";
import { availableByItem, readPayoutSettings } from "../payouts/index.ts";
import { type RewardItemRow, toRewardItem } from "./catalog.mapper.ts";

type RewardItemFilter = z.output<typeof rewardItemFilterSchema>;
type RewardItemBody = z.output<typeof rewardItemBodySchema>;

const tenant = (adminId: string) => eq(rewardItems.adminId, adminId);

/** The tenant's reward of that id, as a query: its existence decides 404. */
const rewardOf = (db: Db, adminId: string, rewardId: string) =>
  db
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.adminId, adminId), eq(rewards.id, rewardId)));

async function rewardExists(db: Db, adminId: string, rewardId: string) {
  const [row] = await rewardOf(db, adminId, rewardId);
  return row !== undefined;
}

/** The items of one of this tenant's rewards; null when the reward is not the tenant's. */
export async function listRewardItems(
  db: Db,
  adminId: string,
  rewardId: string,
  params: ListParams<RewardItemFilter, RewardItemSortField>,
) {
  const scope = and(tenant(adminId), eq(rewardItems.rewardId, rewardId));
  const clauses = listClauses(params, scope as NonNullable<typeof scope>, {
    filters: {
      cost: (text) => ilike(rewardItems.cost, `%${likeEscape(text)}%`),
      _id: (id) => eq(rewardItems.id, id),
    },
    sorts: { _id: rewardItems.id, points: rewardItems.points, cost: rewardItems.cost },
    tiebreaker: rewardItems.id,
    searches: ["cost"],
  });
  const { where, orderBy, limit, offset } = clauses;
  const [rows, [total]] = await pageAndCount(
    clauses,
    "reward_items",
    db
      .select()
      .from(rewardItems)
      .where(where)
      .orderBy(...orderBy)
      .limit(limitInText(limit))
      .offset(offset),
    // The count says in the same statement whether the reward is the tenant's: one round trip, not two.
    // The page is scoped to the tenant, so it reads nothing of another's when the answer is 404.
    db
      .select({ ...countAll(), rewardFound: exists(rewardOf(db, adminId, rewardId)) })
      .from(rewardItems)
      .where(where),
  );
  if (!total?.rewardFound) return null;
  return { totalCount: total.value, entities: await withStock(db, adminId, rows) };
}

/** The items as answered, with the available codes of the inventory ones (one grouped count). */
async function withStock(db: Db, adminId: string, rows: RewardItemRow[]): Promise<RewardItem[]> {
  const inventory = rows.filter((row) => row.fulfilment === "inventory").map((row) => row.id);
  const available = await availableByItem(db, adminId, inventory);
  return rows.map((row) => toRewardItem(row, available.get(row.id) ?? 0));
}

/**
 * A provider item needs the app's Tremendous account (400 on `fulfilment` while it has none), then a value
 * and a product or campaign id (400 on the missing fields).
 */
async function assertFulfilmentReady(executor: Db | Tx, adminId: string, body: RewardItemBody) {
  if (body.fulfilment !== "provider") return;
  const settings = await readPayoutSettings(executor, adminId);
  if (!settings.tremendous) {
    throw new AppError(400, messages.providerNotReady, { fulfilment: messages.providerNotReady });
  }
  const missing: Record<string, Message> = {};
  if (body.providerValue === null) missing.providerValue = messages.providerItemFields;
  if (body.providerProductId === null && body.providerCampaignId === null) {
    missing.providerProductId = messages.providerItemFields;
  }
  if (Object.keys(missing).length > 0) throw new AppError(400, messages.providerItemFields, missing);
}

/** The item's columns a create or an update writes. */
const itemFields = (body: RewardItemBody) => ({
  cost: body.cost,
  points: body.points,
  fulfilment: body.fulfilment,
  lowStockBelow: body.lowStockBelow,
  providerProductId: body.providerProductId,
  providerCampaignId: body.providerCampaignId,
  providerValue: body.providerValue,
  providerCurrency: body.providerCurrency,
});

export async function getRewardItem(db: Db, adminId: string, id: string): Promise<RewardItem | null> {
  const [row] = await db
    .select()
    .from(rewardItems)
    .where(and(tenant(adminId), eq(rewardItems.id, id)));
  if (!row) return null;
  const [item] = await withStock(db, adminId, [row]);
  return item ?? null;
}

/** What an item's audit entries show. */
const audited = (row: RewardItemRow) => ({
  cost: row.cost,
  points: row.points,
  rewardId: row.rewardId,
  fulfilment: row.fulfilment,
  lowStockBelow: row.lowStockBelow,
  providerProductId: row.providerProductId,
  providerCampaignId: row.providerCampaignId,
  providerValue: row.providerValue === null ? null : Number(row.providerValue),
  providerCurrency: row.providerCurrency,
});

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
  await assertFulfilmentReady(db, adminId, body);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(rewardItems)
      .values({ id: newId(), adminId, rewardId, ...itemFields(body) })
      .returning();
    if (!inserted) return null;
    const changes = changesBetween(null, audited(inserted));
    await recordAudit(tx, itemEntry(actor, "rewardItem.create", inserted.id, changes));
    return inserted;
  });
  return row ? toRewardItem(row, 0) : null;
}

export async function updateRewardItem(
  db: Db,
  actor: Actor,
  id: string,
  body: RewardItemBody,
): Promise<RewardItem | null> {
  const adminId = actor.appId;
  const row = await db.transaction(async (tx) => {
    const where = and(tenant(adminId), eq(rewardItems.id, id));
    const [current] = await tx.select().from(rewardItems).where(where).for("update");
    if (!current) return null;
    await assertFulfilmentReady(tx, adminId, body);
    const [updated] = await tx.update(rewardItems).set(itemFields(body)).where(where).returning();
    if (!updated) return null;
    const changes = changesBetween(audited(current), audited(updated));
    await recordAudit(tx, itemEntry(actor, "rewardItem.update", id, changes));
    return updated;
  });
  if (!row) return null;
  const [item] = await withStock(db, adminId, [row]);
  return item ?? null;
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
    return deleted.map((row) => toRewardItem(row));
  });
}
