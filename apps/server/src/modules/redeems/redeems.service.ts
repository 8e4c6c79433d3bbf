import {
  messages,
  type RedeemDetails,
  type redeemFilterSchema,
  type redeemSortFields,
  redeemStatus,
} from "@rewards/contract";
import { and, desc, eq, ilike } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { appUsers, mailOutbox, redeems } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { countAll, type ListParams, likeEscape, listClauses } from "../../lib/list-query.ts";
import { toCustomer } from "../customers/customers.mapper.ts";
import { changeRedeemStatus, lockRedeems } from "./redeem-points.ts";
import { toDelivery, toRedeem } from "./redeems.mapper.ts";

type RedeemFilter = z.output<typeof redeemFilterSchema>;
type RedeemSort = (typeof redeemSortFields)[number];

const tenant = (adminId: string) => eq(redeems.adminId, adminId);

/** A page of redeems with each one's user e-mail, joined by primary key. */
export async function listRedeems(db: Db, adminId: string, params: ListParams<RedeemFilter, RedeemSort>) {
  const { where, orderBy, limit, offset } = listClauses(params, tenant(adminId), {
    filters: {
      redeemEmail: (text) => ilike(redeems.redeemEmail, `%${likeEscape(text)}%`),
      redeemUser: (userId) => eq(redeems.userId, userId),
      _id: (id) => eq(redeems.id, id),
      status: (status) => eq(redeems.status, status),
    },
    sorts: { redeemDate: redeems.redeemDate, rewardCost: redeems.rewardCost },
    tiebreaker: redeems.id,
  });
  const [rows, [total]] = await Promise.all([
    db
      .select({ redeem: redeems, userEmail: appUsers.username })
      .from(redeems)
      .innerJoin(appUsers, eq(appUsers.id, redeems.userId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    db.select(countAll()).from(redeems).where(where),
  ]);
  return { totalCount: total?.value ?? 0, entities: rows.map((row) => toRedeem(row.redeem, row.userEmail)) };
}

export async function getRedeemDetails(db: Db, adminId: string, id: string): Promise<RedeemDetails | null> {
  const [row] = await db
    .select({ redeem: redeems, user: appUsers })
    .from(redeems)
    .innerJoin(appUsers, eq(appUsers.id, redeems.userId))
    .where(and(tenant(adminId), eq(redeems.id, id)));
  if (!row) return null;
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.redeemId, id))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return {
    ...toRedeem(row.redeem, row.user.username),
    text: row.redeem.bodyHtml,
    user: toCustomer(row.user),
    delivery: mail ? toDelivery(mail) : null,
  };
}

/** Sets one status on every selected redeem of this tenant, all or nothing, moving points as it goes. */
export async function setRedeemsStatus(db: Db, adminId: string, ids: string[], status: number) {
  return db.transaction(async (tx) => {
    const rows = await lockRedeems(tx, adminId, ids);
    for (const row of rows) await changeRedeemStatus(tx, row, status);
    return { updated: rows.length };
  });
}

/** Cancel: a Pending redeem becomes Rejected and its points go back. Null when no such redeem. */
export async function cancelRedeem(db: Db, adminId: string, id: string): Promise<RedeemDetails | null> {
  const found = await db.transaction(async (tx) => {
    const [row] = await lockRedeems(tx, adminId, [id]);
    if (!row) return false;
    if (row.status !== redeemStatus.pending) throw new AppError(409, messages.redeemNotPending);
    await changeRedeemStatus(tx, row, redeemStatus.rejected);
    return true;
  });
  return found ? getRedeemDetails(db, adminId, id) : null;
}
