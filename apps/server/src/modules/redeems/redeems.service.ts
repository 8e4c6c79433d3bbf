import {
  type AppRedeemAnswer,
  type AuditAction,
  type appRedeemBodySchema,
  type Fulfilment,
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
import {
  assertNotPaused,
  assertPayableBy,
  composeRewardMail,
  fulfilmentOf,
  insertPayouts,
  mailLanguageOf,
  pinOfRedeem,
  readPayoutSettings,
  takeStockCode,
} from "../payouts/index.ts";
import { recordScreening, redeemReasons, screenForTenant } from "../risk/index.ts";
import { autoApprove } from "./auto-approval.ts";
import { assertNoPayoutUnderWay, changeRedeemStatus, lockRedeems } from "./redeem-points.ts";
import { getRedeemDetails } from "./redeem-queries.ts";
import type { RedeemRow } from "./redeems.mapper.ts";

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
): Promise<{ answer: AppRedeemAnswer; queued: boolean }> {
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
    const queued = await autoApprove(tx, redeem, item.fulfilment, locked.riskReasons, user.createdAt);
    return { answer: { redeem: toAppRedeem(redeem), points: balance }, queued };
  });
}

/** The pay's audit entry: the new status and what the e-mail carries (the code masked), and the stock code's id. */
function payEntry(actor: Actor, redeem: RedeemRow, paid: PaidWith) {
  const fields = (row: Pick<RedeemRow, "status" | "code" | "rewardName" | "redeemEmail" | "subject">) => ({
    status: row.status,
    code: row.code,
    rewardName: row.rewardName,
    redeemEmail: row.redeemEmail,
    subject: row.subject,
  });
  const after = { ...fields({ ...paid, status: redeemStatus.sent }), rewardCodeId: paid.rewardCodeId };
  return byActor(actor, {
    action: "redeem.pay",
    recordType: "redeem",
    recordId: redeem.id,
    changes: changesBetween({ ...fields(redeem), rewardCodeId: undefined }, after, { code: true }),
  });
}

/** What a redeem is paid with: the form's fields and the code, typed or taken from stock (with its PIN). */
type PaidWith = Omit<PayRedeemInput, "code"> & { code: string; pin: string | null; rewardCodeId?: string };

/**
 * How a redeem is paid, by its item's fulfilment, refusing a pay whose code does not fit it before anything
 * is written: a manual item needs the typed code, an inventory item takes one from its stock and refuses a
 * typed one (both 400 on the code field).
 */
async function payMethodOf(tx: Tx, redeem: RedeemRow, input: PayRedeemInput) {
  const fulfilment = await fulfilmentOf(tx, redeem.adminId, redeem.rewardItemId);
  const typed = Boolean(input.code);
  if (fulfilment === "manual" && !typed) {
    throw new AppError(400, messages.giftCardCodeRequired, { code: messages.giftCardCodeRequired });
  }
  if (fulfilment !== "manual" && typed) {
    throw new AppError(400, messages.codeFromStock, { code: messages.codeFromStock });
  }
  return fulfilment;
}

/** The code a pay sends: the typed one, or the item's next one in stock (409 "Out of stock" when none is left). */
async function paidWith(
  tx: Tx,
  redeem: RedeemRow,
  input: PayRedeemInput,
  method: Fulfilment,
): Promise<PaidWith> {
  if (method !== "inventory") return { ...input, code: input.code ?? "", pin: null };
  const taken = await takeStockCode(tx, redeem.adminId, redeem.rewardItemId ?? "", redeem.id);
  if (!taken) throw new AppError(409, messages.outOfStock);
  return { ...input, code: taken.code, pin: taken.pin, rewardCodeId: taken.id };
}

/**
 * Pays a redeem: in one transaction takes or stores the code, sets Sent (debiting its points again if it
 * was Rejected) and queues the e-mail in the outbox. A redeem already Sent answers 409 and queues nothing,
 * and so does one whose payout is under way. A provider item's redeem is not paid here: a payout is
 * queued for the payout worker and the redeem is Processing (`queued` true: wake the worker).
 * The code taken from stock, the status and the queued e-mail commit together: a refusal anywhere (no mail
 * config, too few points) leaves the code in stock, and a failed send is retried by the outbox with the
 * same code, which never goes back to stock nor to another redeem.
 */
export async function payRedeem(
  db: Db,
  actor: Actor,
  id: string,
  input: PayRedeemInput,
): Promise<{ redeem: RedeemDetails | null; queued: boolean }> {
  const adminId = actor.appId;
  const found = await db.transaction(async (tx) => {
    const [redeem] = await lockRedeems(tx, adminId, [id]);
    if (!redeem) return false;
    const rules = await readPayoutSettings(tx, adminId, "share");
    assertNotPaused(rules);
    const method = await payMethodOf(tx, redeem, input);
    if (redeem.status === redeemStatus.sent) throw new AppError(409, messages.redeemAlreadySent);
    await assertNoPayoutUnderWay(tx, redeem);
    assertPayableBy(rules, redeem, actor.accountId);
    if (method === "provider") {
      if (!rules.tremendous) throw new AppError(409, messages.providerNotReady);
      await changeRedeemStatus(tx, redeem, redeemStatus.processing);
      await insertPayouts(tx, [
        { appId: adminId, redeemId: id, method, requestedByAdminId: actor.accountId },
      ]);
      await recordAudit(tx, statusEntry(actor, "redeem.pay", redeem, redeemStatus.processing));
      return "queued" as const;
    }
    const [config] = await tx
      .select({ id: mailConfigs.id })
      .from(mailConfigs)
      .where(eq(mailConfigs.adminId, adminId));
    if (!config) throw new AppError(400, messages.mailNotConfigured);
    const paid = await paidWith(tx, redeem, input, method);
    // The operator wrote the message (from the template in the user's language); the card's lines follow it.
    const language = await mailLanguageOf(tx, adminId, redeem.userId);
    const mail = composeRewardMail({ ...paid, language });
    await recordAudit(tx, payEntry(actor, redeem, paid));
    await changeRedeemStatus(tx, redeem, redeemStatus.sent, {
      code: paid.code,
      rewardName: paid.rewardName,
      redeemEmail: paid.redeemEmail,
      subject: paid.subject,
      bodyHtml: mail.body,
      paidByAdminId: actor.accountId,
      paidAt: new Date(),
      paidVia: method,
    });
    await tx.insert(mailOutbox).values({
      id: newId(),
      adminId,
      redeemId: id,
      toAddress: paid.redeemEmail,
      subject: paid.subject,
      html: mail.html,
      text: mail.text,
    });
    return "paid" as const;
  });
  return { redeem: found ? await getRedeemDetails(db, adminId, id) : null, queued: found === "queued" };
}

/**
 * The gift card a redeem was paid with, in clear, with its PIN when it came from stock: for owners and
 * admins only (the route's permission), recorded as "redeem.revealCode" with the code masked. Null for a
 * redeem of another app or one without a code.
 */
export async function revealRedeemCode(db: Db, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const [redeem] = await tx
      .select({ code: redeems.code })
      .from(redeems)
      .where(and(eq(redeems.adminId, actor.appId), eq(redeems.id, id)));
    if (!redeem?.code) return null;
    const pin = await pinOfRedeem(tx, actor.appId, id);
    await recordAudit(
      tx,
      byActor(actor, {
        action: "redeem.revealCode",
        recordType: "redeem",
        recordId: id,
        changes: changesBetween(null, { code: redeem.code }, { code: true }),
      }),
    );
    return { code: redeem.code, pin };
  });
}

const statusEntry = (actor: Actor, action: AuditAction, row: RedeemRow, status: number) =>
  byActor(actor, {
    action,
    recordType: "redeem",
    recordId: row.id,
    changes: changesBetween({ status: row.status }, { status }),
  });

/**
 * Changes the status of every selected redeem of this tenant, all or nothing, moving points as it goes.
 * Moving to Sent is a payout: refused whole (409) while payouts are paused, or when a selected redeem not yet
 * Sent needs an approval it lacks or was approved by the caller.
 */
export async function changeRedeemsStatus(db: Db, actor: Actor, ids: string[], status: number) {
  return db.transaction(async (tx) => {
    const rows = await lockRedeems(tx, actor.appId, ids);
    if (status === redeemStatus.sent) {
      const rules = await readPayoutSettings(tx, actor.appId, "share");
      assertNotPaused(rules);
      for (const row of rows) {
        if (row.status !== redeemStatus.sent) assertPayableBy(rules, row, actor.accountId);
      }
    }
    for (const row of rows) await assertNoPayoutUnderWay(tx, row);
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
    await assertNoPayoutUnderWay(tx, row);
    if (row.status !== redeemStatus.pending) throw new AppError(409, messages.redeemNotPending);
    await changeRedeemStatus(tx, row, redeemStatus.rejected);
    await recordAudit(tx, statusEntry(actor, "redeem.cancel", row, redeemStatus.rejected));
    return true;
  });
  return found ? getRedeemDetails(db, adminId, id) : null;
}
