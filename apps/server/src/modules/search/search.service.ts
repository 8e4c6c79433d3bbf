import { type SearchResult, searchLimitPerKind } from "@rewards/contract";
import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { appUsers, completedOffers, redeems } from "../../db/schema/index.ts";
import { likeEscape } from "../../lib/list-query.ts";

/** Any uuid spelling PostgreSQL accepts as a uuid; other text never reaches a uuid column. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `lower(column)` starts with `lower(prefix)`: a range on text_pattern_ops (~>=~, ~<~) that the
 * (admin_id, lower(column) text_pattern_ops) index serves even in a generic plan, plus the LIKE itself
 * (wildcards escaped) for what the range's upper bound (U+FFFF appended) would let through.
 */
function lowerPrefix(column: SQL, prefix: string): SQL {
  const lower = sql`lower(${prefix}::text)`;
  return sql`(${column} ~>=~ ${lower} and ${column} ~<~ (${lower} || ${"\uffff"}) and ${column} like (lower(${likeEscape(prefix)}::text) || '%'))`;
}

/**
 * Ascending in the text_pattern_ops index's own (byte) order, so the index scan hands rows over sorted
 * and the limit stops it after a few; `asc` would sort in the collation's order, after reading them all.
 */
const inIndexOrder = (column: SQL): SQL => sql`${column} using ~<~`;

/** Keeps the first result of each id, at most `limit` of them. */
function firstOfEach(rows: SearchResult[], limit: number): SearchResult[] {
  const seen = new Set<string>();
  const kept: SearchResult[] = [];
  for (const row of rows) {
    if (seen.has(row.id) || kept.length >= limit) continue;
    seen.add(row.id);
    kept.push(row);
  }
  return kept;
}

/** App users: exact id or referral code first, then e-mails starting with `q` (any case), by e-mail. */
async function findAppUsers(db: Db, appId: string, q: string): Promise<SearchResult[]> {
  const email = sql`lower(${appUsers.username})`;
  const columns = { id: appUsers.id, username: appUsers.username, referCode: appUsers.referCode };
  const exact = await db
    .select(columns)
    .from(appUsers)
    .where(
      and(
        eq(appUsers.adminId, appId),
        uuidPattern.test(q) ? or(eq(appUsers.id, q), eq(appUsers.referCode, q)) : eq(appUsers.referCode, q),
      ),
    )
    .limit(searchLimitPerKind);
  const byEmail = await db
    .select(columns)
    .from(appUsers)
    .where(and(eq(appUsers.adminId, appId), lowerPrefix(email, q)))
    .orderBy(inIndexOrder(email))
    .limit(searchLimitPerKind);
  return firstOfEach(
    [...exact, ...byEmail].map((user) => ({
      kind: "user" as const,
      id: user.id,
      label: user.username,
      detail: user.referCode,
    })),
    searchLimitPerKind,
  );
}

/** Redeems: the exact id first, then receiver e-mails starting with `q` (any case), by e-mail. */
async function findRedeems(db: Db, appId: string, q: string): Promise<SearchResult[]> {
  const email = sql`lower(${redeems.redeemEmail})`;
  const columns = {
    id: redeems.id,
    redeemEmail: redeems.redeemEmail,
    rewardName: redeems.rewardName,
    rewardAmount: redeems.rewardAmount,
  };
  const exact = uuidPattern.test(q)
    ? await db
        .select(columns)
        .from(redeems)
        .where(and(eq(redeems.adminId, appId), eq(redeems.id, q)))
    : [];
  const byEmail = await db
    .select(columns)
    .from(redeems)
    .where(and(eq(redeems.adminId, appId), lowerPrefix(email, q)))
    .orderBy(inIndexOrder(email))
    .limit(searchLimitPerKind);
  return firstOfEach(
    [...exact, ...byEmail].map((redeem) => ({
      kind: "redeem" as const,
      id: redeem.id,
      label: redeem.redeemEmail,
      detail: `${redeem.rewardName} ${redeem.rewardAmount}`.trim(),
    })),
    searchLimitPerKind,
  );
}

/** Completed offers: the exact transaction id (on any network) or the exact id. */
async function findOffers(db: Db, appId: string, q: string): Promise<SearchResult[]> {
  const rows = await db
    .select({
      id: completedOffers.id,
      transactionId: completedOffers.transactionId,
      network: completedOffers.network,
      offerName: completedOffers.offerName,
    })
    .from(completedOffers)
    .where(
      and(
        eq(completedOffers.adminId, appId),
        uuidPattern.test(q)
          ? or(eq(completedOffers.transactionId, q), eq(completedOffers.id, q))
          : eq(completedOffers.transactionId, q),
      ),
    )
    .orderBy(asc(completedOffers.network))
    .limit(searchLimitPerKind);
  return rows.map((offer) => ({
    kind: "offer" as const,
    id: offer.id,
    label: offer.transactionId,
    detail: `${offer.network} · ${offer.offerName}`,
  }));
}

/** Search everywhere in one app: at most a few results of each kind, users first. */
export async function searchApp(db: Db, appId: string, q: string): Promise<SearchResult[]> {
  const [users, redeemRows, offers] = await Promise.all([
    findAppUsers(db, appId, q),
    findRedeems(db, appId, q),
    findOffers(db, appId, q),
  ]);
  return [...users, ...redeemRows, ...offers];
}
