import type { AuditActor, AuditEntry, auditFilterSchema, auditSortFields } from "@rewards/contract";
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { admins, appMembers, auditLog } from "../../db/schema/index.ts";
import {
  type DeepPageOptions,
  type PageRow,
  type PositionIndex,
  readListPage,
  totalApart,
} from "../../lib/deep-page.ts";
import { countAll, type ListParams } from "../../lib/list-query.ts";

type AuditFilter = z.output<typeof auditFilterSchema>;
type AuditSort = (typeof auditSortFields)[number];

const tenant = (adminId: string) => eq(auditLog.adminId, adminId);

const entryColumns = {
  entry: auditLog,
  actorName: admins.fullName,
  actorUsername: admins.username,
};

type EntryRow = {
  entry: typeof auditLog.$inferSelect;
  actorName: string | null;
  actorUsername: string | null;
};

const toEntry = ({ entry, actorName, actorUsername }: EntryRow): AuditEntry => ({
  _id: entry.id,
  action: entry.action,
  recordType: entry.recordType,
  recordId: entry.recordId,
  actor:
    entry.actorAdminId && actorUsername !== null
      ? { _id: entry.actorAdminId, fullName: actorName ?? "", username: actorUsername }
      : null,
  changes: (entry.changes ?? {}) as AuditEntry["changes"],
  createdAt: entry.createdAt.toISOString(),
});

/** A page of entries, the actor of each joined by primary key. */
function pageOf(
  db: Db,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
  total: SQL<PageRow["total"]> = totalApart,
) {
  return db
    .select({ ...entryColumns, total })
    .from(auditLog)
    .leftJoin(admins, eq(admins.id, auditLog.actorAdminId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/**
 * The tenant's activity, newest first by default, filtered by action, record id and the member who acted
 * (their account id: another app's member simply matches nothing). Every filter is served
 * by an index that leads with admin_id and ends with (created_at desc, id desc), so a page is a range scan
 * however long the log grows, and a deep page starts from the position index (lib/deep-page.ts).
 */
export const auditPositions: PositionIndex<AuditFilter, AuditSort> = {
  list: "audit",
  sorts: { createdAt: "hour" },
  filters: { action: (action) => `action=${action}` },
};

export async function listAudit(
  db: Db,
  adminId: string,
  params: ListParams<AuditFilter, AuditSort>,
  options?: DeepPageOptions,
) {
  const { rows, ...total } = await readListPage(
    db,
    auditLog,
    params,
    tenant(adminId),
    {
      filters: {
        action: (action) => eq(auditLog.action, action),
        recordId: (recordId) => eq(auditLog.recordId, recordId),
        actorId: (actorId) => eq(auditLog.actorAdminId, actorId),
      },
      sorts: { createdAt: auditLog.createdAt },
      tiebreaker: auditLog.id,
    },
    { adminId, index: auditPositions },
    (page) => pageOf(db, page.where, page.orderBy, page.limit, page.offset, page.total),
    options,
  );
  return { ...total, entities: rows.map(toEntry) };
}

/** One record's history in the caller's tenant, newest first; null when the tenant has none for it. */
export async function recordHistory(
  db: Db,
  adminId: string,
  recordId: string,
  page: { pageNumber: number; pageSize: number },
) {
  const where = and(tenant(adminId), eq(auditLog.recordId, recordId));
  const orderBy = [desc(auditLog.createdAt), desc(auditLog.id)];
  const [rows, [total]] = await Promise.all([
    pageOf(db, where, orderBy, page.pageSize, (page.pageNumber - 1) * page.pageSize),
    db.select(countAll()).from(auditLog).where(where),
  ]);
  const history = { totalCount: total?.value ?? 0, entities: rows.map(toEntry) };
  return history.totalCount === 0 ? null : history;
}

/** The app's current members, by full name: whom the activity can be filtered by. Bounded by the team. */
export async function listAuditActors(db: Db, appId: string): Promise<{ actors: AuditActor[] }> {
  const actors = await db
    .select({ _id: admins.id, fullName: admins.fullName, email: admins.username })
    .from(appMembers)
    .innerJoin(admins, eq(admins.id, appMembers.adminId))
    .where(eq(appMembers.appId, appId))
    .orderBy(asc(admins.fullName), asc(admins.username));
  return { actors };
}
