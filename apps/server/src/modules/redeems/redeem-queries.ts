import type { RedeemDetails, redeemFilterSchema, redeemSortFields } from "@rewards/contract";
import { and, desc, eq, ilike, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { admins, appUserColumns, appUsers, mailOutbox, redeems } from "../../db/schema/index.ts";
import {
  type DeepPageOptions,
  type PageClauses,
  type PositionIndex,
  readListPage,
  totalApart,
} from "../../lib/deep-page.ts";
import {
  countAll,
  type ListDefinition,
  type ListParams,
  likeEscape,
  listClauses,
} from "../../lib/list-query.ts";
import { toAppUser, usernameOf } from "../app-users/index.ts";
import {
  fulfilmentOf,
  latestPayout,
  needsApproval,
  readPayoutSettings,
  rewardMailDraft,
} from "../payouts/index.ts";
import { latestScreeningStatement, toIpScreening } from "../risk/index.ts";
import { redeemListColumns, toDelivery, toRedeem } from "./redeems.mapper.ts";

type RedeemFilter = z.output<typeof redeemFilterSchema>;
type RedeemSort = (typeof redeemSortFields)[number];

const tenant = (adminId: string) => eq(redeems.adminId, adminId);

/**
 * Written exactly as the partial index redeems_admin_risky_date_idx's predicate, so the planner can
 * prove a "risky only" query is covered by it and read just the risky rows.
 */
const risky = sql`cardinality(${redeems.riskReasons}) > 0`;
const clean = sql`cardinality(${redeems.riskReasons}) = 0`;

const redeemList = (adminId: string) => ({
  scope: tenant(adminId),
  definition: {
    filters: {
      redeemEmail: (text) => ilike(redeems.redeemEmail, `%${likeEscape(text)}%`),
      redeemUser: (userId) => eq(redeems.userId, userId),
      _id: (id) => eq(redeems.id, id),
      status: (status) => eq(redeems.status, status),
      risky: (only) => (only ? risky : clean),
    },
    sorts: { redeemDate: redeems.redeemDate, rewardCost: redeems.rewardCost },
    tiebreaker: redeems.id,
    searches: ["redeemEmail"],
  } satisfies ListDefinition<RedeemFilter, RedeemSort>,
});

export const redeemPositions: PositionIndex<RedeemFilter, RedeemSort> = {
  list: "redeems",
  sorts: { redeemDate: "hour", rewardCost: "integer" },
  filters: { status: (status) => `status=${status}`, risky: (only) => `risky=${only}` },
};

/** A page of redeems (each with its user's e-mail, read by primary key) from its clauses. */
const redeemPage = (db: Db, page: PageClauses) =>
  db
    .select({ redeem: redeemListColumns, userEmail: usernameOf(redeems.userId), total: page.total })
    .from(redeems)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);

/** The two queries of a first page, built but not run: the page and its total. Tests read their plans. */
export function redeemListQueries(db: Db, adminId: string, params: ListParams<RedeemFilter, RedeemSort>) {
  const { scope, definition } = redeemList(adminId);
  const clauses = listClauses(params, scope, definition);
  return {
    page: redeemPage(db, { ...clauses, total: totalApart }),
    total: db.select(countAll()).from(redeems).where(clauses.where),
  };
}

/** A page of redeems with each one's user e-mail, and the total, at any depth (lib/deep-page.ts). */
export async function listRedeems(
  db: Db,
  adminId: string,
  params: ListParams<RedeemFilter, RedeemSort>,
  options?: DeepPageOptions,
) {
  const { scope, definition } = redeemList(adminId);
  const { rows, ...total } = await readListPage(
    db,
    redeems,
    params,
    scope,
    definition,
    { adminId, index: redeemPositions },
    (page) => redeemPage(db, page),
    options,
  );
  return { ...total, entities: rows.map((row) => toRedeem(row.redeem, row.userEmail)) };
}

/**
 * The details call's own reads, prepared once per database: each by a key, so one plan serves every
 * redeem (the redeem with its user and approver, its latest e-mail, its screening).
 */
const detailsStatements = preparedPerDatabase((db) => {
  const id = sql.placeholder("id");
  const adminId = sql.placeholder("adminId");
  return {
    redeem: db
      .select({ redeem: redeems, user: appUserColumns, approverName: admins.fullName })
      .from(redeems)
      .innerJoin(appUsers, eq(appUsers.id, redeems.userId))
      .leftJoin(admins, eq(admins.id, redeems.approvedByAdminId))
      .where(and(eq(redeems.adminId, adminId), eq(redeems.id, id)))
      .prepare("redeem_details"),
    mail: db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.redeemId, id))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1)
      .prepare("redeem_details_mail"),
    screening: latestScreeningStatement(db, "redeem_details_screening", "redeem"),
  };
});

export async function getRedeemDetails(db: Db, adminId: string, id: string): Promise<RedeemDetails | null> {
  const statements = detailsStatements(db);
  const key = { adminId, id };
  const [row] = await statements.redeem.execute(key);
  if (!row) return null;
  const [[mail], [screening], fulfilment, rules, payout, mailDraft] = await Promise.all([
    statements.mail.execute(key),
    statements.screening.execute(key),
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
