import {
  type AuditChanges,
  type Country,
  type CountrySortField,
  type countryBodySchema,
  type countryFilterSchema,
  messages,
} from "@rewards/contract";
import { countryNameOf } from "@rewards/contract/country-list";
import { and, eq, getTableColumns, ilike, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { limitInText } from "../../db/prepared.ts";
import { qualified } from "../../db/qualified.ts";
import { countries, rewards } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { countAll, type ListParams, likeEscape, listClauses, pageAndCount } from "../../lib/list-query.ts";
import { isUniqueViolation } from "../../lib/tenant-scope.ts";
import { deleteUploads } from "../../lib/uploads.ts";
import { type CountryRow, toCountry } from "./catalog.mapper.ts";

type CountryFilter = z.output<typeof countryFilterSchema>;
type CountryBody = z.output<typeof countryBodySchema>;

const tenant = (adminId: string) => eq(countries.adminId, adminId);

/**
 * A country's columns with its number of rewards, counted in the same statement (a correlated count on the
 * rewards' country index), so a page or a row is one round trip.
 */
const countryWithCount = {
  ...getTableColumns(countries),
  rewardCount: sql<number>`(select count(*)::int from ${rewards} as counted
    where counted.admin_id = ${qualified(countries.adminId)} and counted.country_id = ${qualified(countries.id)})`,
};

const toAnswer = ({ rewardCount, ...row }: CountryRow & { rewardCount: number }) =>
  toCountry(row, rewardCount);

export async function listCountries(
  db: Db,
  adminId: string,
  params: ListParams<CountryFilter, CountrySortField>,
) {
  const clauses = listClauses(params, tenant(adminId), {
    filters: {
      fullName: (text) => ilike(countries.fullName, `%${likeEscape(text)}%`),
      code: (code) => eq(countries.code, code),
      _id: (id) => eq(countries.id, id),
    },
    sorts: { priority: countries.priority, fullName: countries.fullName, code: countries.code },
    tiebreaker: countries.id,
    searches: ["fullName"],
  });
  const { where, orderBy, limit, offset } = clauses;
  const [rows, [total]] = await pageAndCount(
    clauses,
    "countries",
    db
      .select(countryWithCount)
      .from(countries)
      .where(where)
      .orderBy(...orderBy)
      .limit(limitInText(limit))
      .offset(offset),
    db.select(countAll()).from(countries).where(where),
  );
  return { totalCount: total?.value ?? 0, entities: rows.map(toAnswer) };
}

export async function getCountry(db: Db, adminId: string, id: string): Promise<Country | null> {
  const [row] = await db
    .select(countryWithCount)
    .from(countries)
    .where(and(tenant(adminId), eq(countries.id, id)));
  return row ? toAnswer(row) : null;
}

/** The code must be in the built-in list (ISO 3166-1 alpha-2 or WW); the full name is taken from it. */
function nameOf(code: string): string {
  const name = countryNameOf(code);
  if (!name)
    throw new AppError(400, messages.fieldInvalid("code", messages.countryUnknown), {
      code: messages.countryUnknown,
    });
  return name;
}

const codeTaken = (code: string) =>
  new AppError(409, messages.countryCodeTaken(code), { code: messages.countryCodeTaken(code) });

/** What a country's audit entries show. */
const audited = (row: CountryRow) => ({ code: row.code, fullName: row.fullName, priority: row.priority });

const countryEntry = (
  actor: Actor,
  action: "country.create" | "country.update" | "country.delete",
  id: string,
  changes: AuditChanges,
) => byActor(actor, { action, recordType: "country", recordId: id, changes });

export async function createCountry(db: Db, actor: Actor, body: CountryBody): Promise<Country> {
  const adminId = actor.appId;
  const fullName = nameOf(body.code);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(countries)
      .values({ id: newId(), adminId, fullName, code: body.code, priority: body.priority })
      .onConflictDoNothing({ target: [countries.adminId, countries.code] })
      .returning();
    if (!created) throw codeTaken(body.code);
    await recordAudit(
      tx,
      countryEntry(actor, "country.create", created.id, changesBetween(null, audited(created))),
    );
    return created;
  });
  return toCountry(row, 0);
}

export async function updateCountry(
  db: Db,
  actor: Actor,
  id: string,
  body: CountryBody,
): Promise<Country | null> {
  const adminId = actor.appId;
  const fullName = nameOf(body.code);
  try {
    const row = await db.transaction(async (tx) => {
      const where = and(tenant(adminId), eq(countries.id, id));
      // Existence first: another tenant's id is 404 whatever code it is sent with.
      const [current] = await tx.select().from(countries).where(where).for("update");
      if (!current) return null;
      const [taken] = await tx
        .select({ id: countries.id })
        .from(countries)
        .where(and(tenant(adminId), eq(countries.code, body.code), ne(countries.id, id)));
      if (taken) throw codeTaken(body.code);
      const [updated] = await tx
        .update(countries)
        .set({ fullName, code: body.code, priority: body.priority })
        .where(where)
        .returning(countryWithCount);
      if (!updated) return null;
      const changes = changesBetween(audited(current), audited(updated));
      await recordAudit(tx, countryEntry(actor, "country.update", id, changes));
      return updated;
    });
    return row ? toAnswer(row) : null;
  } catch (error) {
    // Another request took the code between the check and the update.
    if (isUniqueViolation(error)) throw codeTaken(body.code);
    throw error;
  }
}

/**
 * Deletes countries of this tenant; their rewards and reward items go by the foreign keys' cascade, and
 * the rewards' icons are deleted with them, in the same transaction (decision 0006).
 */
export async function deleteCountries(db: Db, actor: Actor, ids: string[]): Promise<CountryRow[]> {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const gone = await tx
      .select({ id: rewards.id, countryId: rewards.countryId, iconUploadId: rewards.iconUploadId })
      .from(rewards)
      .where(and(eq(rewards.adminId, adminId), inArray(rewards.countryId, ids)));
    const deleted = await tx
      .delete(countries)
      .where(and(tenant(adminId), inArray(countries.id, ids)))
      .returning();
    await deleteUploads(
      tx,
      adminId,
      gone.flatMap((reward) => (reward.iconUploadId ? [reward.iconUploadId] : [])),
    );
    // One entry per country; the rewards deleted with it are counted in its entry.
    await recordAudit(
      tx,
      deleted.map((row) => {
        const rewardCount = gone.filter((reward) => reward.countryId === row.id).length;
        const changes = changesBetween({ ...audited(row), rewards: rewardCount }, null);
        return countryEntry(actor, "country.delete", row.id, changes);
      }),
    );
    return deleted;
  });
}

export async function deleteCountry(db: Db, actor: Actor, id: string): Promise<Country | null> {
  const current = await getCountry(db, actor.appId, id);
  if (!current) return null;
  const [deleted] = await deleteCountries(db, actor, [id]);
  return deleted ? current : null;
}
