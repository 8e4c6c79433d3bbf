import {
  type CodeImportAnswer,
  type CodeState,
  messages,
  type RewardCode,
  type StockAnswer,
  secretMask,
} from "@rewards/contract";
import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { inText } from "../../db/prepared.ts";
import { named } from "../../db/qualified.ts";
import { rewardCodes, rewardItems, rewards } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { fingerprint } from "../../lib/secret-box.ts";
import { shownTail } from "../../lib/secrets.ts";
import { type CodeRow, readCodeCsv } from "./code-csv.ts";

/** Today in UTC: a code is good through its expiry day. */
const todaySql = sql`(now() at time zone 'utc')::date`;
const unexpired = sql`(${rewardCodes.expiresOn} is null or ${rewardCodes.expiresOn} >= ${todaySql})`;

/** The condition of a code that can still pay: unused and not expired. */
export const availableCode = and(isNull(rewardCodes.usedAt), unexpired) as SQL;

const stateConditions: Record<CodeState, SQL> = {
  available: availableCode,
  used: isNotNull(rewardCodes.usedAt),
  expired: and(isNull(rewardCodes.usedAt), sql`${rewardCodes.expiresOn} < ${todaySql}`) as SQL,
};

async function itemOfApp(db: Db, appId: string, itemId: string) {
  const [item] = await db
    .select({ id: rewardItems.id })
    .from(rewardItems)
    .where(and(eq(rewardItems.adminId, appId), eq(rewardItems.id, itemId)));
  return item ?? null;
}

// Each row binds 9 parameters; PostgreSQL allows 65535 per statement.
const insertChunk = 1000;
const lookupChunk = 5000;

/** Fingerprints among `prints` already stored for the app (any of its items). */
async function storedFingerprints(db: Db, appId: string, prints: string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let start = 0; start < prints.length; start += lookupChunk) {
    const rows = await db
      .select({ fingerprint: rewardCodes.fingerprint })
      .from(rewardCodes)
      .where(
        and(
          eq(rewardCodes.adminId, appId),
          inArray(rewardCodes.fingerprint, prints.slice(start, start + lookupChunk)),
        ),
      );
    for (const row of rows) stored.add(row.fingerprint);
  }
  return stored;
}

/**
 * Imports a CSV of codes into an item's stock; null when the item is not the app's. Duplicates (a code
 * repeated in the file, or already stored for the app under any item) are counted, never added. A dry run
 * answers what the import would do and changes nothing; an import adds every good row in one transaction,
 * and a code a concurrent import stored first counts as a duplicate (the app's unique fingerprint).
 */
export async function importCodes(
  db: Db,
  actor: Actor,
  itemId: string,
  csv: string,
  dryRun: boolean,
): Promise<CodeImportAnswer | null> {
  const appId = actor.appId;
  if (!(await itemOfApp(db, appId, itemId))) return null;
  const { rows, invalid } = readCodeCsv(csv);
  const seen = new Set<string>();
  const fresh: (CodeRow & { fingerprint: string })[] = [];
  for (const row of rows) {
    const print = fingerprint(row.code);
    if (seen.has(print)) continue;
    seen.add(print);
    fresh.push({ ...row, fingerprint: print });
  }
  const repeats = rows.length - fresh.length;

  if (dryRun) {
    const stored = await storedFingerprints(
      db,
      appId,
      fresh.map((row) => row.fingerprint),
    );
    const added = fresh.filter((row) => !stored.has(row.fingerprint)).length;
    return { added, duplicates: rows.length - added, invalid, dryRun };
  }

  return db.transaction(async (tx) => {
    let added = 0;
    for (let start = 0; start < fresh.length; start += insertChunk) {
      const inserted = await tx
        .insert(rewardCodes)
        .values(
          fresh.slice(start, start + insertChunk).map((row) => ({
            id: newId(),
            adminId: appId,
            rewardItemId: itemId,
            code: row.code,
            pin: row.pin,
            fingerprint: row.fingerprint,
            last4: shownTail(row.code),
            expiresOn: row.expiresOn,
          })),
        )
        .onConflictDoNothing({ target: [rewardCodes.adminId, rewardCodes.fingerprint] })
        .returning({ id: rewardCodes.id });
      added += inserted.length;
    }
    const duplicates = repeats + (fresh.length - added);
    await recordAudit(
      tx,
      byActor(actor, {
        action: "rewardCode.import",
        recordType: "rewardCode",
        recordId: itemId,
        changes: changesBetween(null, { added, duplicates, invalid: invalid.length }),
      }),
    );
    return { added, duplicates, invalid, dryRun };
  });
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** How many of an item's codes are available, used and expired; null when the item is not the app's. */
export async function stockOf(db: Db, appId: string, itemId: string): Promise<StockAnswer | null> {
  if (!(await itemOfApp(db, appId, itemId))) return null;
  const [row] = await db
    .select({
      available: countWhere(stateConditions.available),
      used: countWhere(stateConditions.used),
      expired: countWhere(stateConditions.expired),
    })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.adminId, appId), eq(rewardCodes.rewardItemId, itemId)));
  return { available: row?.available ?? 0, used: row?.used ?? 0, expired: row?.expired ?? 0 };
}

/** The available codes of each of the app's items named (one grouped query); items without codes are absent. */
export async function availableByItem(
  db: Db,
  appId: string,
  itemIds: string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: rewardCodes.rewardItemId, available: sql<number>`count(*)::int` })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.adminId, appId), inArray(rewardCodes.rewardItemId, itemIds), availableCode))
    .groupBy(rewardCodes.rewardItemId);
  return new Map(rows.map((row) => [row.itemId, row.available]));
}

const availableCount = sql<number>`(count(${rewardCodes.id}))::int`;

/**
 * The app's inventory items whose available codes are below their alert threshold, fewest first: the
 * app's inventory items with a grouped count of their available codes. Every column is named as the
 * dashboard's `lowStock` field it fills, so the dashboard reads the rows as JSON inside its one statement.
 */
export const lowStockSelect = (db: Db, appId: string | Placeholder) =>
  db
    .select({
      ...named({ rewardItemId: rewardItems.id, rewardName: rewards.name, cost: rewardItems.cost }),
      available: availableCount.as("available"),
      ...named({ lowStockBelow: rewardItems.lowStockBelow }),
    })
    .from(rewardItems)
    .innerJoin(rewards, eq(rewards.id, rewardItems.rewardId))
    .leftJoin(rewardCodes, and(eq(rewardCodes.rewardItemId, rewardItems.id), availableCode))
    .where(and(eq(rewardItems.adminId, appId), eq(rewardItems.fulfilment, inText("inventory"))))
    .groupBy(rewardItems.id, rewards.name)
    .having(sql`count(${rewardCodes.id}) < ${rewardItems.lowStockBelow}`)
    .orderBy(availableCount, rewards.name, rewardItems.id);

/** An item's codes, newest first, masked; null when the item is not the app's. */
export async function listCodes(
  db: Db,
  appId: string,
  itemId: string,
  query: { state?: CodeState; pageNumber: number; pageSize: number },
): Promise<{ totalCount: number; entities: RewardCode[] } | null> {
  if (!(await itemOfApp(db, appId, itemId))) return null;
  const where = and(
    eq(rewardCodes.adminId, appId),
    eq(rewardCodes.rewardItemId, itemId),
    query.state ? stateConditions[query.state] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: rewardCodes.id,
        last4: rewardCodes.last4,
        hasPin: sql<boolean>`${rewardCodes.pin} is not null`,
        expiresOn: rewardCodes.expiresOn,
        expired: sql<boolean>`coalesce(${rewardCodes.expiresOn} < ${todaySql}, false)`,
        redeemId: rewardCodes.redeemId,
        usedAt: rewardCodes.usedAt,
        createdAt: rewardCodes.createdAt,
      })
      .from(rewardCodes)
      .where(where)
      .orderBy(desc(rewardCodes.createdAt), desc(rewardCodes.id))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db.select({ value: count() }).from(rewardCodes).where(where),
  ]);
  return {
    totalCount: total?.value ?? 0,
    entities: rows.map((row) => ({
      _id: row.id,
      maskedCode: secretMask + row.last4,
      hasPin: row.hasPin,
      expiresAt: row.expiresOn,
      state: row.usedAt ? "used" : row.expired ? "expired" : "available",
      redeemId: row.redeemId,
      usedAt: row.usedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** A stored code and PIN in clear, the reveal audited (no value in the entry); null for another app's code. */
export async function revealCode(db: Db, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: rewardCodes.code, pin: rewardCodes.pin })
      .from(rewardCodes)
      .where(and(eq(rewardCodes.adminId, actor.appId), eq(rewardCodes.id, id)));
    if (!row) return null;
    await recordAudit(
      tx,
      byActor(actor, { action: "rewardCode.reveal", recordType: "rewardCode", recordId: id }),
    );
    return { code: row.code, pin: row.pin };
  });
}

/** Removes an unused code from stock; a used one stays on record (409). Null for another app's code. */
export async function deleteCode(db: Db, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const where = and(eq(rewardCodes.adminId, actor.appId), eq(rewardCodes.id, id));
    const [row] = await tx
      .select({
        rewardItemId: rewardCodes.rewardItemId,
        last4: rewardCodes.last4,
        expiresOn: rewardCodes.expiresOn,
        usedAt: rewardCodes.usedAt,
      })
      .from(rewardCodes)
      .where(where)
      .for("update");
    if (!row) return null;
    if (row.usedAt) throw new AppError(409, messages.codeUsed);
    await tx.delete(rewardCodes).where(where);
    const before = {
      rewardItemId: row.rewardItemId,
      maskedCode: secretMask + row.last4,
      expiresOn: row.expiresOn,
    };
    await recordAudit(
      tx,
      byActor(actor, {
        action: "rewardCode.delete",
        recordType: "rewardCode",
        recordId: id,
        changes: changesBetween(before, null),
      }),
    );
    return {};
  });
}
