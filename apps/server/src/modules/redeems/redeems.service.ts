import {
  type AppRedeemAnswer,
  type AuditAction,
  type appRedeemBodySchema,
  messages,
  type payRedeemBodySchema,
  type RedeemDetails,
  redeemStatus,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import {
  appUsers,
  countries,
  mailConfigs,
  mailOutbox,
  redeems,
  rewardItems,
  rewards,
} from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { AppUserRow } from "../../plugins/require-app-user.ts";
import { toAppRedeem } from "../app-users/index.ts";
import { catalogCodesFor } from "../catalog/index.ts";
import { debitRedeem } from "../ledger/index.ts";
import { recordScreening, redeemReasons, screenForTenant } from "../risk/index.ts";
import { changeRedeemStatus, lockRedeems } from "./redeem-points.ts";
import { getRedeemDetails } from "./redeem-queries.ts";
import type { RedeemRow } from "./redeems.mapper.ts";
import { composeRewardMail } from "./reward-mail.ts";

/**
 * A redeem's life cycle: an app user requests it (Pending, its points debited), an administrator pays it
 * (Sent, the reward e-mail queued), cancels it (Rejected, points refunded) or changes its status. Points
 * move only through the ledger.
 */

type RedeemInput = z.output<typeof appRedeemBodySchema>;
type PayRedeemInput = z.output<typeof payRedeemBodySchema>;

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

/** The pay's audit entry: the new status and what the e-mail carries; the gift card code masked. */
function payEntry(actor: Actor, redeem: RedeemRow, input: PayRedeemInput) {
  const paid = (row: Pick<RedeemRow, "status" | "code" | "rewardName" | "redeemEmail" | "subject">) => ({
    status: row.status,
    code: row.code,
    rewardName: row.rewardName,
    redeemEmail: row.redeemEmail,
    subject: row.subject,
  });
  return byActor(actor, {
    action: "redeem.pay",
    recordType: "redeem",
    recordId: redeem.id,
    changes: changesBetween(paid(redeem), paid({ ...input, status: redeemStatus.sent }), { code: true }),
  });
}

/**
 * Pays a redeem: in one transaction stores the code, sets Sent (debiting its points again if it was
 * Rejected) and queues the e-mail in the outbox. A redeem already Sent answers 409 and queues nothing.
 */
export async function payRedeem(
  db: Db,
  actor: Actor,
  id: string,
  input: PayRedeemInput,
): Promise<RedeemDetails | null> {
  const adminId = actor.appId;
  const found = await db.transaction(async (tx) => {
    const [redeem] = await lockRedeems(tx, adminId, [id]);
    if (!redeem) return false;
    if (redeem.status === redeemStatus.sent) throw new AppError(409, messages.redeemAlreadySent);
    const [config] = await tx
      .select({ id: mailConfigs.id })
      .from(mailConfigs)
      .where(eq(mailConfigs.adminId, adminId));
    if (!config) throw new AppError(400, messages.mailNotConfigured);
    const mail = composeRewardMail(input);
    await recordAudit(tx, payEntry(actor, redeem, input));
    await changeRedeemStatus(tx, redeem, redeemStatus.sent, {
      code: input.code,
      rewardName: input.rewardName,
      redeemEmail: input.redeemEmail,
      subject: input.subject,
      bodyHtml: mail.body,
      paidByAdminId: actor.accountId,
      paidAt: new Date(),
    });
    await tx.insert(mailOutbox).values({
      id: newId(),
      adminId,
      redeemId: id,
      toAddress: input.redeemEmail,
      subject: input.subject,
      html: mail.html,
      text: mail.text,
    });
    return true;
  });
  return found ? getRedeemDetails(db, adminId, id) : null;
}

const statusEntry = (actor: Actor, action: AuditAction, row: RedeemRow, status: number) =>
  byActor(actor, {
    action,
    recordType: "redeem",
    recordId: row.id,
    changes: changesBetween({ status: row.status }, { status }),
  });

/** Changes the status of every selected redeem of this tenant, all or nothing, moving points as it goes. */
export async function changeRedeemsStatus(db: Db, actor: Actor, ids: string[], status: number) {
  return db.transaction(async (tx) => {
    const rows = await lockRedeems(tx, actor.appId, ids);
    for (const row of rows) {
      await changeRedeemStatus(tx, row, status);
      await recordAudit(tx, statusEntry(actor, "redeem.status", row, status));
    }
    return { updated: rows.length };
  });
}

/** Cancel: a Pending redeem becomes Rejected and its points go back. Null when no such redeem. */
export async function cancelRedeem(db: Db, actor: Actor, id: string): Promise<RedeemDetails | null> {
  const adminId = actor.appId;
  const found = await db.transaction(async (tx) => {
    const [row] = await lockRedeems(tx, adminId, [id]);
    if (!row) return false;
    if (row.status !== redeemStatus.pending) throw new AppError(409, messages.redeemNotPending);
    await changeRedeemStatus(tx, row, redeemStatus.rejected);
    await recordAudit(tx, statusEntry(actor, "redeem.cancel", row, redeemStatus.rejected));
    return true;
  });
  return found ? getRedeemDetails(db, adminId, id) : null;
}
