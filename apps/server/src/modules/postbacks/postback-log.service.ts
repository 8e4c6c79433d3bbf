import type {
  PostbackLogDetails,
  PostbackLogEntry,
  postbackFilterSchema,
  postbackSortFields,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { postbackLog } from "../../db/schema/index.ts";
import { type DeepPageOptions, type PositionIndex, readListPage } from "../../lib/deep-page.ts";
import type { ListParams } from "../../lib/list-query.ts";
import { maskedParameters, maskedPostbackPath } from "./log-entry.ts";

type PostbackFilter = z.output<typeof postbackFilterSchema>;
type PostbackSort = (typeof postbackSortFields)[number];
type LogRow = typeof postbackLog.$inferSelect;

const tenant = (adminId: string) => eq(postbackLog.adminId, adminId);

const toEntry = (row: LogRow): PostbackLogEntry => ({
  _id: row.id,
  network: row.network,
  method: row.method,
  ip: row.ip,
  outcome: row.outcome,
  reason: row.reason,
  userId: row.userId,
  transactionId: row.transactionId,
  points: row.points,
  httpStatus: row.httpStatus,
  createdAt: row.createdAt.toISOString(),
});

export const postbackPositions: PositionIndex<PostbackFilter, PostbackSort> = {
  list: "postbacks",
  sorts: { createdAt: "hour" },
  filters: { network: (network) => `network=${network}`, outcome: (outcome) => `outcome=${outcome}` },
};

/** A page of the tenant's postback log, newest first by default. */
export async function listPostbacks(
  db: Db,
  adminId: string,
  params: ListParams<PostbackFilter, PostbackSort>,
  options?: DeepPageOptions,
) {
  const { rows, ...total } = await readListPage(
    db,
    postbackLog,
    params,
    tenant(adminId),
    {
      filters: {
        network: (network) => eq(postbackLog.network, network),
        outcome: (outcome) => eq(postbackLog.outcome, outcome),
        userId: (userId) => eq(postbackLog.userId, userId),
        transactionId: (transactionId) => eq(postbackLog.transactionId, transactionId),
        _id: (id) => eq(postbackLog.id, id),
      },
      sorts: { createdAt: postbackLog.createdAt },
      tiebreaker: postbackLog.id,
    },
    { adminId, index: postbackPositions },
    (page) =>
      db
        .select({ entry: postbackLog, total: page.total })
        .from(postbackLog)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset),
    options,
  );
  return { ...total, entities: rows.map(({ entry }) => toEntry(entry)) };
}

export async function getPostback(db: Db, adminId: string, id: string): Promise<PostbackLogDetails | null> {
  const [row] = await db
    .select()
    .from(postbackLog)
    .where(and(tenant(adminId), eq(postbackLog.id, id)));
  if (!row) return null;
  // Rows written before every secret was masked in the log are masked on the way out.
  const path = row.path.replace(/^\/postback\/([^/]+)\/([^/]*)$/, (_match, key: string, network: string) =>
    maskedPostbackPath(key, network),
  );
  return {
    ...toEntry(row),
    path,
    query: maskedParameters(row.query),
    body: row.body ? maskedParameters(row.body) : null,
    response: row.response,
  };
}
