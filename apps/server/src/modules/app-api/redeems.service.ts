import { type AppRedeemAnswer, type appRedeemBodySchema, messages, redeemStatus } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { appUsers, countries, redeems, rewardItems, rewards } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { AppUserRow } from "../../plugins/require-app-user.ts";
import { debitRedeem } from "../ledger/index.ts";
import { catalogCodesFor } from "./catalog.service.ts";
import { toAppRedeem } from "./me.service.ts";
import { redeemReasons } from "./risk.ts";
import { recordScreening, screenForTenant } from "./screening.ts";

type RedeemInput = z.output<typeof appRedeemBodySchema>;

/**
 * The item with its reward and country, when it is the tenant's and offered in the user's country.
 * Inside the redeem's transaction the item is share-locked, so a price change waits for the redeem (or
 * the redeem for it) and the price charged is the one stored.
 */
async function offeredItem(db: Db | Tx, user: AppUserRow, itemId: string, lock = false) {
  const query = db
    .select({ item: rewardItems, rewardName: rewards.name, code: countries.code })
    .from(rewardItems)
    .innerJoin(rewards, eq(rewards.id, rewardItems.rewardId))
    .innerJoin(countries, eq(countries.id, rewards.countryId))
    .where(and(eq(rewardItems.adminId, user.adminId), eq(rewardItems.id, itemId)));
  const [found] = lock ? await query.for("share", { of: rewardItems }) : await query;
  if (!found) throw new AppError(404, messages.notFound);
  if (!catalogCodesFor(user.geo).includes(found.code)) throw new AppError(404, messages.rewardNotOffered);
  return found;
}

/**
 * A redeem request: screens the address (outside the transaction: it waits on the network), then in
 * one transaction locks the user, reads the item's price, refuses a ban (403) or a short balance (409),
 * inserts the Pending redeem with its risk reasons and debits its cost as a "redeem" ledger row
 * referencing it. The item is also looked up before screening, only so a wrong id costs no lookup.
 */
export async function requestRedeem(
  db: Db,
  ipDataBaseUrl: string,
  user: AppUserRow,
  input: RedeemInput,
  ip: string,
): Promise<AppRedeemAnswer> {
  if (!user.isActive) throw new AppError(403, messages.appUserBanned);
  await offeredItem(db, user, input.rewardItemId);
  const screening = await screenForTenant(db, ipDataBaseUrl, user.adminId, ip);

  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ points: appUsers.points, isActive: appUsers.isActive, riskReasons: appUsers.riskReasons })
      .from(appUsers)
      .where(and(eq(appUsers.adminId, user.adminId), eq(appUsers.id, user.id)))
      .for("update");
    if (!locked) throw new AppError(404, messages.notFound);
    if (!locked.isActive) throw new AppError(403, messages.appUserBanned);
    const { item, rewardName } = await offeredItem(tx, user, input.rewardItemId, true);
    if (locked.points < item.points)
      throw new AppError(409, messages.notEnoughPoints(item.points, locked.points));

    const [redeem] = await tx
      .insert(redeems)
      .values({
        id: newId(),
        adminId: user.adminId,
        userId: user.id,
        redeemEmail: input.redeemEmail ?? user.username,
        rewardName,
        rewardAmount: item.cost,
        rewardCost: item.points,
        rewardExtraInfo: input.extraInfo,
        rewardItemId: item.id,
        status: redeemStatus.pending,
        ip,
        ipCountry: screening.country,
        riskReasons: redeemReasons(locked.riskReasons, screening, user.geo),
      })
      .returning();
    if (!redeem) throw new Error("insert returned no row");
    const balance = await debitRedeem(tx, {
      adminId: user.adminId,
      userId: user.id,
      redeemId: redeem.id,
      points: item.points,
    });
    if (balance === null) throw new AppError(404, messages.notFound);
    await recordScreening(tx, {
      adminId: user.adminId,
      userId: user.id,
      redeemId: redeem.id,
      purpose: "redeem",
      ip,
      result: screening,
    });
    return { redeem: toAppRedeem(redeem), points: balance };
  });
}
