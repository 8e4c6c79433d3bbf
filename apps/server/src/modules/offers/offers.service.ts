import type { OfferDetails, OfferListEntity, offerFilterSchema, offerSortFields } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { appUserColumns, appUsers, completedOffers } from "../../db/schema/index.ts";
import { type DeepPageOptions, type PositionIndex, readListPage } from "../../lib/deep-page.ts";
import { type ListParams, prefixRange } from "../../lib/list-query.ts";
import { toAppUser, toCompletedOffer, usernameOf } from "../app-users/index.ts";

type OfferFilter = z.output<typeof offerFilterSchema>;
type OfferSort = (typeof offerSortFields)[number];

const tenant = (adminId: string) => eq(completedOffers.adminId, adminId);

export const offerPositions: PositionIndex<OfferFilter, OfferSort> = {
  list: "offers",
  sorts: { date: "hour", payout: "cents" },
  filters: { network: (network) => `network=${network}` },
};

/** A page of completed offers with each one's user e-mail, read by primary key in the same statement. */
export async function listOffers(
  db: Db,
  adminId: string,
  params: ListParams<OfferFilter, OfferSort>,
  options?: DeepPageOptions,
) {
  const { rows, ...total } = await readListPage(
    db,
    completedOffers,
    params,
    tenant(adminId),
    {
      filters: {
        network: (network) => eq(completedOffers.network, network),
        userId: (userId) => eq(completedOffers.userId, userId),
        _id: (id) => eq(completedOffers.id, id),
        ip: (prefix) => prefixRange(completedOffers.ip, prefix.toLowerCase()),
      },
      sorts: { date: completedOffers.date, payout: completedOffers.payout },
      tiebreaker: completedOffers.id,
      searches: ["ip"],
    },
    { adminId, index: offerPositions },
    (page) =>
      db
        .select({ offer: completedOffers, userEmail: usernameOf(completedOffers.userId), total: page.total })
        .from(completedOffers)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset),
    options,
  );
  const entities: OfferListEntity[] = rows.map(({ offer, userEmail }) => ({
    ...toCompletedOffer(offer),
    userEmail,
  }));
  return { ...total, entities };
}

/** An offer with its user, prepared once per database: by primary key, one plan serves every offer. */
const offerWithUser = preparedPerDatabase((db) =>
  db
    .select({ offer: completedOffers, user: appUserColumns })
    .from(completedOffers)
    .innerJoin(appUsers, eq(appUsers.id, completedOffers.userId))
    .where(
      and(
        eq(completedOffers.adminId, sql.placeholder("adminId")),
        eq(completedOffers.id, sql.placeholder("id")),
      ),
    )
    .prepare("offer_details"),
);

export async function getOfferDetails(db: Db, adminId: string, id: string): Promise<OfferDetails | null> {
  const [row] = await offerWithUser(db).execute({ adminId, id });
  if (!row) return null;
  return {
    offer: { ...toCompletedOffer(row.offer), userEmail: row.user.username },
    user: toAppUser(row.user),
  };
}
