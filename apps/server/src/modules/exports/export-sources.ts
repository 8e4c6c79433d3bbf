import {
  type AppUser,
  type AuditEntry,
  appUserListBodySchema,
  auditListBodySchema,
  type Country,
  countryListBodySchema,
  type ExportList,
  type Notification,
  notificationExportBodySchema,
  type OfferListEntity,
  offerListBodySchema,
  type PostbackLogEntry,
  postbackListBodySchema,
  type Redeem,
  type Reward,
  redeemListBodySchema,
  redeemStatus,
  rewardExportBodySchema,
  userStatus,
} from "@rewards/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { listAppUsers } from "../app-users/index.ts";
import { listAudit } from "../audit/index.ts";
import { listCountries, listRewards } from "../catalog/index.ts";
import { notificationHistoryAfter } from "../notifications/index.ts";
import { listOffers } from "../offers/index.ts";
import { listPostbacks } from "../postbacks/index.ts";
import { listRedeems } from "../redeems/index.ts";
import type { CsvValue } from "./csv.ts";

type Column<E> = readonly [header: string, value: (entity: E) => CsvValue];

/** One batch of an export: its CSV rows, and the id of its last row (where the next batch starts). */
export type ExportBatch = { rows: CsvValue[][]; lastId: string | undefined };

/**
 * How one list exports (its body already parsed by its own list schema): its columns (what the screen shows, never
 * a secret), and a batch of its rows in the list's own order, after the row `after` (from the start when null),
 * read by keyset through the list's own query (null when the list's parent is missing).
 */
export type ExportSource = {
  headers: string[];
  /** What the audit entry records of the body (filters and sort). */
  filtersOf(body: unknown): Record<string, unknown>;
  batch(
    db: Db,
    appId: string,
    body: unknown,
    after: string | null,
    size: number,
  ): Promise<ExportBatch | null>;
};

type ListBody = { queryParams: { filter: object; sortField: string; sortOrder: "asc" | "desc" } };

/** A batch as the list's function takes it: the first page, or the rows after `after`. */
type BatchPage = { pageNumber: 1; pageSize: number; after: string | undefined };

function source<S extends z.ZodType, E extends { _id: string }>(
  _schema: S,
  columns: readonly Column<E>[],
  list: (db: Db, appId: string, body: z.output<S>, page: BatchPage) => Promise<E[] | null>,
): ExportSource {
  return {
    headers: columns.map(([header]) => header),
    filtersOf: (parsed) => {
      const {
        queryParams,
        pageNumber: _n,
        pageSize: _s,
        ...rest
      } = parsed as Partial<ListBody> & Record<string, unknown>;
      if (!queryParams) return rest;
      const { filter, sortField, sortOrder } = queryParams;
      return { ...rest, filter, sortField, sortOrder };
    },
    batch: async (db, appId, parsed, after, size) => {
      const page: BatchPage = { pageNumber: 1, pageSize: size, after: after ?? undefined };
      const entities = await list(db, appId, parsed as z.output<S>, page);
      if (!entities) return null;
      return {
        rows: entities.map((entity) => columns.map(([, value]) => value(entity))),
        lastId: entities.at(-1)?._id,
      };
    },
  };
}

/** The list's sort and filter with the export's paging. */
const paged = <Q extends object>(body: { queryParams: Q }, page: BatchPage) => ({
  ...body.queryParams,
  ...page,
});

const redeemStatusNames: Record<number, string> = Object.fromEntries(
  Object.entries(redeemStatus).map(([name, value]) => [value, name]),
);

export const exportSources: Record<ExportList, ExportSource> = {
  users: source(
    appUserListBodySchema,
    [
      ["id", (u: AppUser) => u._id],
      ["email", (u) => u.username],
      ["status", (u) => (u.status === userStatus.active ? "active" : "banned")],
      ["points", (u) => u.points],
      ["pendingPoints", (u) => u.pendingPoints],
      ["referCode", (u) => u.referCode],
      ["device", (u) => u.device],
      ["country", (u) => u.geo],
      ["ipSignup", (u) => u.ipSignup],
      ["verified", (u) => u.isVerfied],
      ["risky", (u) => u.riskReasons.length > 0],
      ["createdAt", (u) => u.createdAt],
    ],
    async (db, appId, body, page) => (await listAppUsers(db, appId, paged(body, page))).entities,
  ),
  offers: source(
    offerListBodySchema,
    [
      ["id", (o: OfferListEntity) => o._id],
      ["date", (o) => o.date],
      ["userId", (o) => o.userId],
      ["userEmail", (o) => o.userEmail],
      ["network", (o) => o.network],
      ["offerName", (o) => o.offerName],
      ["transactionId", (o) => o.transactionId],
      ["payout", (o) => o.payout],
      ["points", (o) => o.points],
      ["status", (o) => o.status],
      ["ip", (o) => o.ip],
      ["country", (o) => o.geo],
    ],
    async (db, appId, body, page) => (await listOffers(db, appId, paged(body, page))).entities,
  ),
  redeems: source(
    redeemListBodySchema,
    [
      ["id", (r: Redeem) => r._id],
      ["redeemDate", (r) => r.redeemDate],
      ["userId", (r) => r.redeemUser],
      ["userEmail", (r) => r.userEmail],
      ["redeemEmail", (r) => r.redeemEmail],
      ["rewardName", (r) => r.rewardName],
      ["rewardAmount", (r) => r.rewardAmount],
      ["rewardCost", (r) => r.rewardCost],
      ["status", (r) => redeemStatusNames[r.status] ?? r.status],
      ["paidAt", (r) => r.paidAt],
      ["risky", (r) => r.riskReasons.length > 0],
    ],
    async (db, appId, body, page) => (await listRedeems(db, appId, paged(body, page))).entities,
  ),
  postbacks: source(
    postbackListBodySchema,
    [
      ["id", (p: PostbackLogEntry) => p._id],
      ["createdAt", (p) => p.createdAt],
      ["network", (p) => p.network],
      ["method", (p) => p.method],
      ["outcome", (p) => p.outcome],
      ["reason", (p) => p.reason],
      ["userId", (p) => p.userId],
      ["transactionId", (p) => p.transactionId],
      ["points", (p) => p.points],
      ["httpStatus", (p) => p.httpStatus],
      ["ip", (p) => p.ip],
    ],
    async (db, appId, body, page) => (await listPostbacks(db, appId, paged(body, page))).entities,
  ),
  audit: source(
    auditListBodySchema,
    [
      ["id", (a: AuditEntry) => a._id],
      ["createdAt", (a) => a.createdAt],
      ["action", (a) => a.action],
      ["recordType", (a) => a.recordType],
      ["recordId", (a) => a.recordId],
      ["actorEmail", (a) => a.actor?.username],
      ["actorName", (a) => a.actor?.fullName],
      // Secrets are masked when an entry is written.
      ["changes", (a) => a.changes],
    ],
    async (db, appId, body, page) => (await listAudit(db, appId, paged(body, page))).entities,
  ),
  notifications: source(
    notificationExportBodySchema,
    [
      ["id", (n: Notification) => n._id],
      ["createdAt", (n) => n.createdAt],
      ["title", (n) => n.notificationTitle],
      ["body", (n) => n.notificationBody],
      ["status", (n) => n.status],
      ["error", (n) => n.error],
    ],
    async (db, appId, _body, page) => notificationHistoryAfter(db, appId, page),
  ),
  countries: source(
    countryListBodySchema,
    [
      ["id", (c: Country) => c._id],
      ["code", (c) => c.code],
      ["name", (c) => c.fullName],
      ["priority", (c) => c.priority],
      ["rewards", (c) => c.rewardCount],
      ["createdAt", (c) => c.createdAt],
    ],
    async (db, appId, body, page) => (await listCountries(db, appId, paged(body, page))).entities,
  ),
  rewards: source(
    rewardExportBodySchema,
    [
      ["id", (r: Reward) => r._id],
      ["countryId", (r) => r.countryId],
      ["name", (r) => r.name],
      ["order", (r) => r.order],
      ["iconUrl", (r) => r.iconUrl],
      ["createdAt", (r) => r.createdAt],
    ],
    async (db, appId, body, page) =>
      (await listRewards(db, appId, body.countryId, paged(body, page)))?.entities ?? null,
  ),
};
