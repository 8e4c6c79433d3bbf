import type { RedeemDetails, redeemFilterSchema, redeemSortFields } from "@rewards/contract";
import { and, desc, eq, ilike, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { admins, appUsers, ipScreenings, mailOutbox, redeems } from "../../db/schema/index.ts";
import { tenantTotal } from "../../lib/activity-totals.ts";
import { cappedCount, countAll, type ListParams, likeEscape, listClauses } from "../../lib/list-query.ts";
import { toAppUser } from "../app-users/index.ts";
import {
  fulfilmentOf,
  latestPayout,
  needsApproval,
  readPayoutSettings,
  rewardMailDraft,
} from "../payouts/index.ts";
import { toIpScreening } from "../risk/index.ts";
import { toDelivery, toRedeem } from "./redeems.mapper.ts";

type RedeemFilter = z.output<typeof redeemFilterSchema>;
type RedeemSort = (typeof redeemSortFields)[number];

const tenant = (adminId: string) => eq(redeems.adminId, adminId);

/**
 * Written exactly as the partial index redeems_admin_risky_date_idx's predicate, so the planner can
 * prove a "risky only" query is covered by it and read just the risky rows.
 */
const risky = sql`cardinality(${redeems.riskReasons}) > 0`;
const clean = sql`cardinality(${redeems.riskReasons}) = 0`;

/**
 * The two queries of a list page, built but not run: the page (each redeem with its user's e-mail,
 * joined by primary key) and its total. Tests read their plans with EXPLAIN.
 */
export function redeemListQueries(db: Db, adminId: string, params: ListParams<RedeemFilter, RedeemSort>) {
  const { where, orderBy, limit, offset, filtered } = listClauses(params, tenant(adminId), {
    filters: {
      redeemEmail: (text) => ilike(redeems.redeemEmail, `%${likeEscape(text)}%`),
      redeemUser: (userId) => eq(redeems.userId, userId),
      _id: (id) => eq(redeems.id, id),
      status: (status) => eq(redeems.status, status),
      risky: (only) => (only ? risky : clean),
    },
    sorts: { redeemDate: redeems.redeemDate, rewardCost: redeems.rewardCost },
    tiebreaker: redeems.id,
  });
  return {
    page: db
      .select({ redeem: redeems, userEmail: appUsers.username })
      .from(redeems)
      .innerJoin(appUsers, eq(appUsers.id, redeems.userId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    total: db.select(countAll()).from(redeems).where(where),
    /** totalCount as the list answers it: capped, or the kept total when unfiltered. */
    cappedTotal: () =>
      cappedCount(db, redeems, where, {
        exactTotal: filtered ? undefined : () => tenantTotal(db, adminId, "redeems"),
      }),
  };
}

/** A page of redeems with each one's user e-mail, and the total. */
export async function listRedeems(db: Db, adminId: string, params: ListParams<RedeemFilter, RedeemSort>) {
  const queries = redeemListQueries(db, adminId, params);
  const [rows, total] = await Promise.all([queries.page, queries.cappedTotal()]);
  return { ...total, entities: rows.map((row) => toRedeem(row.redeem, row.userEmail)) };
}

export async function getRedeemDetails(db: Db, adminId: string, id: string): Promise<RedeemDetails | null> {
  const [row] = await db
    .select({ redeem: redeems, user: appUsers, approverName: admins.fullName })
    .from(redeems)
    .innerJoin(appUsers, eq(appUsers.id, redeems.userId))
    .leftJoin(admins, eq(admins.id, redeems.approvedByAdminId))
    .where(and(tenant(adminId), eq(redeems.id, id)));
  if (!row) return null;
  const [[mail], [screening], fulfilment, rules, payout, mailDraft] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.redeemId, id))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1),
    db
      .select()
      .from(ipScreenings)
      .where(
        and(
          eq(ipScreenings.redeemId, id),
          eq(ipScreenings.adminId, adminId),
          eq(ipScreenings.purpose, "redeem"),
        ),
      )
      .orderBy(desc(ipScreenings.createdAt))
      .limit(1),
    fulfilmentOf(db, adminId, row.redeem.rewardItemId),
    readPayoutSettings(db, adminId),
    latestPayout(db, id),
    rewardMailDraft(db, adminId, row.user.id, row.redeem.rewardName),
  ]);
  const { approvedByAdminId, approvedAt } = row.redeem;
  return {
    ...toRedeem(row.redeem, row.user.username),
    text: row.redeem.bodyHtml,
    user: toAppUser(row.user),
    delivery: mail ? toDelivery(mail) : null,
    ip: row.redeem.ip,
    ipCountry: row.redeem.ipCountry,
    screening: screening ? toIpScreening(screening) : null,
    fulfilment,
    needsApproval: needsApproval(rules, row.redeem.rewardCost),
    approval:
      approvedByAdminId && approvedAt
        ? { by: { _id: approvedByAdminId, fullName: row.approverName ?? "" }, at: approvedAt.toISOString() }
        : null,
    payout,
    mailDraft,
  };
}
