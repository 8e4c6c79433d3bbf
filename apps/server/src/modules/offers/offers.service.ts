import type { OfferDetails, OfferListEntity, offerFilterSchema, offerSortFields } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { appUsers, completedOffers } from "../../db/schema/index.ts";
import { tenantTotal } from "../../lib/activity-totals.ts";
import { cappedCount, type ListParams, listClauses, prefixRange } from "../../lib/list-query.ts";
import { toAppUser, toCompletedOffer } from "../app-users/index.ts";

type OfferFilter = z.output<typeof offerFilterSchema>;
type OfferSort = (typeof offerSortFields)[number];

const tenant = (adminId: string) => eq(completedOffers.adminId, adminId);

/** A page of completed offers with each one's user e-mail, joined by primary key (no call per row). */
export async function listOffers(db: Db, adminId: string, params: ListParams<OfferFilter, OfferSort>) {
  const { where, orderBy, limit, offset, filtered } = listClauses(params, tenant(adminId), {
    filters: {
      network: (network) => eq(completedOffers.network, network),
      userId: (userId) => eq(completedOffers.userId, userId),
      _id: (id) => eq(completedOffers.id, id),
      ip: (prefix) => prefixRange(completedOffers.ip, prefix.toLowerCase()),
    },
    sorts: { date: completedOffers.date, payout: completedOffers.payout },
    tiebreaker: completedOffers.id,
  });
  const [rows, total] = await Promise.all([
    db
      .select({ offer: completedOffers, userEmail: appUsers.username })
      .from(completedOffers)
      .innerJoin(appUsers, eq(appUsers.id, completedOffers.userId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    cappedCount(db, completedOffers, where, {
      exactTotal: filtered ? undefined : () => tenantTotal(db, adminId, "offers"),
    }),
  ]);
  const entities: OfferListEntity[] = rows.map(({ offer, userEmail }) => ({
    ...toCompletedOffer(offer),
    userEmail,
  }));
  return { ...total, entities };
}

export async function getOfferDetails(db: Db, adminId: string, id: string): Promise<OfferDetails | null> {
  const [row] = await db
    .select({ offer: completedOffers, user: appUsers })
    .from(completedOffers)
    .innerJoin(appUsers, eq(appUsers.id, completedOffers.userId))
    .where(and(tenant(adminId), eq(completedOffers.id, id)));
  if (!row) return null;
  return {
    offer: { ...toCompletedOffer(row.offer), userEmail: row.user.username },
    user: toAppUser(row.user),
  };
}
