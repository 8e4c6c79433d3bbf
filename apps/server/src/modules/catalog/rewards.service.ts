import {
  type AuditChanges,
  messages,
  type Reward,
  type RewardSortField,
  type rewardFieldsSchema,
  type rewardFilterSchema,
  rewardIconField,
} from "@rewards/contract";
import { and, eq, exists, ilike, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { limitInText } from "../../db/prepared.ts";
import { countries, rewards } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { countAll, type ListParams, likeEscape, listClauses, pageAndCount } from "../../lib/list-query.ts";
import { deleteUpload, deleteUploads, type Image, saveUpload, uploadUrl } from "../../lib/uploads.ts";
import { type RewardRow, toReward } from "./catalog.mapper.ts";

type RewardFields = z.output<typeof rewardFieldsSchema>;
type RewardFilter = z.output<typeof rewardFilterSchema>;

const tenant = (adminId: string) => eq(rewards.adminId, adminId);

/** What a reward's audit entries show: its fields and its icon's address (a new icon is a new address). */
const audited = (row: RewardRow) => ({
  name: row.name,
  order: row.order,
  countryId: row.countryId,
  icon: uploadUrl(row.iconUploadId),
});

const rewardEntry = (
  actor: Actor,
  action: "reward.create" | "reward.update" | "reward.delete",
  id: string,
  changes: AuditChanges,
) => byActor(actor, { action, recordType: "reward", recordId: id, changes });

/** The tenant's country of that id, as a query: its existence decides 404. */
const countryOf = (db: Pick<Db, "select">, adminId: string, countryId: string) =>
  db
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.adminId, adminId), eq(countries.id, countryId)));

async function countryExists(db: Pick<Db, "select">, adminId: string, countryId: string) {
  const [row] = await countryOf(db, adminId, countryId);
  return row !== undefined;
}

/** The rewards of one of this tenant's countries; null when the country is not the tenant's. */
export async function listRewards(
  db: Db,
  adminId: string,
  countryId: string,
  params: ListParams<RewardFilter, RewardSortField>,
) {
  const scope = and(tenant(adminId), eq(rewards.countryId, countryId));
  const clauses = listClauses(params, scope as NonNullable<typeof scope>, {
    filters: {
      name: (text) => ilike(rewards.name, `%${likeEscape(text)}%`),
      _id: (id) => eq(rewards.id, id),
    },
    sorts: { _id: rewards.id, order: rewards.order, name: rewards.name },
    tiebreaker: rewards.id,
    searches: ["name"],
  });
  const { where, orderBy, limit, offset } = clauses;
  const [rows, [total]] = await pageAndCount(
    clauses,
    "rewards",
    db
      .select()
      .from(rewards)
      .where(where)
      .orderBy(...orderBy)
      .limit(limitInText(limit))
      .offset(offset),
    // The count says in the same statement whether the country is the tenant's: one round trip, not two.
    // The page is scoped to the tenant, so it reads nothing of another's when the answer is 404.
    db
      .select({ ...countAll(), countryFound: exists(countryOf(db, adminId, countryId)) })
      .from(rewards)
      .where(where),
  );
  if (!total?.countryFound) return null;
  return { totalCount: total.value, entities: rows.map(toReward) };
}

export async function getReward(db: Db, adminId: string, id: string): Promise<Reward | null> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(tenant(adminId), eq(rewards.id, id)));
  return row ? toReward(row) : null;
}

/** The icon is required on create. Null when the country is not the tenant's. */
export async function createReward(
  db: Db,
  actor: Actor,
  countryId: string,
  fields: RewardFields,
  icon: Image | undefined,
): Promise<Reward | null> {
  const adminId = actor.appId;
  if (!icon) {
    throw new AppError(400, messages.fieldInvalid(rewardIconField, messages.imageRequired), {
      [rewardIconField]: messages.imageRequired,
    });
  }
  return db.transaction(async (tx) => {
    if (!(await countryExists(tx, adminId, countryId))) return null;
    const iconUploadId = await saveUpload(tx, adminId, icon);
    const [row] = await tx
      .insert(rewards)
      .values({ id: newId(), adminId, countryId, name: fields.name, order: fields.order, iconUploadId })
      .returning();
    if (!row) return null;
    await recordAudit(tx, rewardEntry(actor, "reward.create", row.id, changesBetween(null, audited(row))));
    return toReward(row);
  });
}

/** A new icon replaces the stored one, whose upload is deleted; without one the icon is kept. */
export async function updateReward(
  db: Db,
  actor: Actor,
  id: string,
  fields: RewardFields,
  icon: Image | undefined,
): Promise<Reward | null> {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const where = and(tenant(adminId), eq(rewards.id, id));
    const [current] = await tx.select().from(rewards).where(where).for("update");
    if (!current) return null;
    const iconUploadId = icon ? await saveUpload(tx, adminId, icon) : current.iconUploadId;
    const [row] = await tx
      .update(rewards)
      .set({ name: fields.name, order: fields.order, iconUploadId })
      .where(where)
      .returning();
    if (icon) await deleteUpload(tx, adminId, current.iconUploadId);
    if (!row) return null;
    const changes = changesBetween(audited(current), audited(row));
    await recordAudit(tx, rewardEntry(actor, "reward.update", id, changes));
    return toReward(row);
  });
}

/** Deletes rewards of this tenant with their items (cascade) and their icons, in one transaction. */
export async function deleteRewards(db: Db, actor: Actor, ids: string[]): Promise<RewardRow[]> {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(rewards)
      .where(and(tenant(adminId), inArray(rewards.id, ids)))
      .returning();
    await deleteUploads(
      tx,
      adminId,
      deleted.map((row) => row.iconUploadId),
    );
    await recordAudit(
      tx,
      deleted.map((row) => rewardEntry(actor, "reward.delete", row.id, changesBetween(audited(row), null))),
    );
    return deleted;
  });
}

export async function deleteReward(db: Db, actor: Actor, id: string): Promise<Reward | null> {
  const [deleted] = await deleteRewards(db, actor, [id]);
  return deleted ? toReward(deleted) : null;
}
