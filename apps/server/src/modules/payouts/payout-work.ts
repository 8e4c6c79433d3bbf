import { messages, type TremendousSettings } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { mailConfigs, redeems, rewardItems } from "../../db/schema/index.ts";
import { finishFailed, finishPaid, lockActive, type PayoutRow, reschedule } from "./payout-outcome.ts";
import { readPayoutSettings } from "./payout-settings.ts";
import { takeStockCode } from "./take-code.ts";
import {
  createOrder,
  getOrder,
  outcomeOf,
  statusText,
  TremendousError,
  type TremendousOrder,
} from "./tremendous.ts";

/** How the worker paces its tries. */
export type PayoutTiming = {
  /** Provider calls' time-out. */
  timeoutMs: number;
  /** The first retry's wait while the provider is down; doubles up to `maxBackoffMs`. */
  baseBackoffMs: number;
  maxBackoffMs: number;
  /** Tries stop (the payout fails, the redeem goes back to Pending) once the payout is this old. */
  giveUpMs: number;
  /** A placed order's status is polled after `pollMinMs`, the wait doubling up to `pollMaxMs`. */
  pollMinMs: number;
  pollMaxMs: number;
};

export const defaultPayoutTiming: PayoutTiming = {
  timeoutMs: 10_000,
  baseBackoffMs: 5_000,
  maxBackoffMs: 300_000,
  giveUpMs: 24 * 3_600_000,
  pollMinMs: 60_000,
  pollMaxMs: 3_600_000,
};

export type WorkContext = { db: Db; log: FastifyBaseLogger; timing: PayoutTiming; onMailQueued?: () => void };

const activeStatus = (payout: PayoutRow) => (payout.status === "processing" ? "processing" : "queued");

const doubling = (attempts: number, base: number, max: number) =>
  Math.min(base * 2 ** Math.min(Math.max(0, attempts - 1), 30), max);

/**
 * Pays a claimed inventory payout: in one transaction, with the redeem locked, takes the item's next code,
 * sets the redeem Sent and queues the reward e-mail. No code left: failed "Out of stock", the redeem
 * Pending again, its points untouched.
 */
async function payFromStock(context: WorkContext, claimed: PayoutRow, now: Date) {
  const queued = await context.db.transaction(async (tx) => {
    const locked = await lockActive(tx, claimed, claimed.attempts);
    if (!locked) return false;
    const { redeem, payout } = locked;
    const [config] = await tx
      .select({ id: mailConfigs.id })
      .from(mailConfigs)
      .where(eq(mailConfigs.adminId, payout.appId));
    if (!config) {
      await finishFailed(tx, payout, redeem, messages.mailNotConfigured, now);
      return false;
    }
    const code = await takeStockCode(tx, payout.appId, redeem.rewardItemId ?? "", redeem.id);
    if (!code) {
      await finishFailed(tx, payout, redeem, messages.outOfStock, now);
      return false;
    }
    return finishPaid(
      tx,
      payout,
      redeem,
      { via: "inventory", code: { value: code.code, pin: code.pin } },
      now,
    );
  });
  if (queued) context.onMailQueued?.();
}

/**
 * Applies what Tremendous says of a payout's order (the worker's poll, or a webhook: the same code): paid,
 * failed (the redeem Rejected and its points refunded once) or still pending (polled again later).
 * `claimedAttempts` is the worker's claim; a webhook has none.
 */
export async function applyOrder(
  context: WorkContext,
  payout: PayoutRow,
  order: TremendousOrder,
  now: Date,
  claimedAttempts?: number,
) {
  const reward = order.rewards?.[0];
  const provider = { orderId: order.id, rewardId: reward?.id ?? null, status: statusText(order) };
  const outcome = outcomeOf(order);
  const queued = await context.db.transaction(async (tx) => {
    const locked = await lockActive(tx, payout, claimedAttempts);
    if (!locked) return false;
    if (outcome === "failed") {
      await finishFailed(tx, locked.payout, locked.redeem, `Tremendous order ${provider.status}`, now, {
        refund: true,
        provider,
      });
      return false;
    }
    if (outcome === "paid") {
      const link = reward?.delivery?.link;
      return finishPaid(
        tx,
        locked.payout,
        locked.redeem,
        { via: "provider", provider, ...(link ? { code: { value: link, pin: null } } : {}) },
        now,
      );
    }
    const wait = doubling(locked.payout.attempts, context.timing.pollMinMs, context.timing.pollMaxMs);
    await reschedule(
      tx,
      locked.payout,
      {
        status: "processing",
        message: `Tremendous order ${provider.status}: checking again at ${new Date(now.getTime() + wait).toISOString()}`,
        nextAttemptAt: new Date(now.getTime() + wait),
        provider,
      },
      now,
    );
    return false;
  });
  if (queued) context.onMailQueued?.();
}

/** What to order for a provider payout: the app's account and the item's product, or why it cannot be. */
async function orderOf(context: WorkContext, payout: PayoutRow) {
  const settings = await readPayoutSettings(context.db, payout.appId);
  if (!settings.tremendous) return { refused: messages.providerNotReady } as const;
  const [row] = await context.db
    .select({ redeem: redeems, item: rewardItems })
    .from(redeems)
    .leftJoin(rewardItems, eq(rewardItems.id, redeems.rewardItemId))
    .where(and(eq(redeems.adminId, payout.appId), eq(redeems.id, payout.redeemId)));
  const item = row?.item;
  if (!row || !item?.providerValue || !(item.providerProductId || item.providerCampaignId)) {
    return { refused: messages.providerItemFields } as const;
  }
  const email = row.redeem.redeemEmail;
  return {
    settings: settings.tremendous,
    paused: settings.paused,
    request: {
      externalId: payout.redeemId,
      denomination: item.providerValue,
      currency: item.providerCurrency,
      productId: item.providerProductId,
      campaignId: item.providerCampaignId,
      recipient: { name: email.split("@")[0] || email, email },
    },
  } as const;
}

/**
 * A transient failure: tried again after the backoff (or Retry-After). Placing the order is given up once
 * the payout is a day old; an order placed already is followed for as long as it takes.
 */
async function retryLater(context: WorkContext, claimed: PayoutRow, error: TremendousError, now: Date) {
  const { timing } = context;
  const giveUp = !claimed.providerOrderId && now.getTime() - claimed.createdAt.getTime() >= timing.giveUpMs;
  const wait = Math.min(
    Math.max(doubling(claimed.attempts, timing.baseBackoffMs, timing.maxBackoffMs), error.retryAfterMs ?? 0),
    timing.pollMaxMs,
  );
  const at = new Date(now.getTime() + wait);
  await context.db.transaction(async (tx) => {
    const locked = await lockActive(tx, claimed, claimed.attempts);
    if (!locked) return;
    if (giveUp) {
      await finishFailed(
        tx,
        locked.payout,
        locked.redeem,
        `${error.message}: gave up after ${Math.round(timing.giveUpMs / 3_600_000)} hours of tries`,
        now,
      );
      return;
    }
    await reschedule(
      tx,
      locked.payout,
      {
        status: activeStatus(locked.payout),
        message: `${error.message}: retrying at ${at.toISOString()}`,
        nextAttemptAt: at,
      },
      now,
    );
  });
}

async function refuse(context: WorkContext, claimed: PayoutRow, message: string, now: Date) {
  await context.db.transaction(async (tx) => {
    const locked = await lockActive(tx, claimed, claimed.attempts);
    if (locked) await finishFailed(tx, locked.payout, locked.redeem, message, now);
  });
}

/**
 * A claimed provider payout: places the order (external_id = the redeem id, so a retry gets the same
 * order) or, once placed, reads it; then applies its status. Tremendous down: retried later; refused
 * (4xx): failed with its message, the redeem Pending again.
 */
async function payThroughProvider(context: WorkContext, claimed: PayoutRow, now: Date) {
  const plan = await orderOf(context, claimed);
  if ("refused" in plan) return refuse(context, claimed, plan.refused ?? messages.providerNotReady, now);
  if (plan.paused && !claimed.providerOrderId) {
    const at = new Date(now.getTime() + context.timing.pollMinMs);
    await context.db.transaction(async (tx) => {
      const locked = await lockActive(tx, claimed, claimed.attempts);
      if (locked) {
        await reschedule(
          tx,
          locked.payout,
          { status: "queued", message: messages.payoutsPaused, nextAttemptAt: at },
          now,
        );
      }
    });
    return;
  }
  let order: TremendousOrder;
  try {
    order = claimed.providerOrderId
      ? await getOrder(plan.settings as TremendousSettings, claimed.providerOrderId, context.timing.timeoutMs)
      : await createOrder(plan.settings as TremendousSettings, plan.request, context.timing.timeoutMs);
  } catch (error) {
    if (!(error instanceof TremendousError)) throw error;
    context.log.warn(
      { payoutId: claimed.id, status: error.status, reason: error.message },
      "tremendous call failed",
    );
    if (error.transient) return retryLater(context, claimed, error, now);
    return refuse(context, claimed, error.message, now);
  }
  await applyOrder(context, claimed, order, now, claimed.attempts);
}

/** Works one claimed payout by its method. */
export async function workPayout(context: WorkContext, claimed: PayoutRow, now: Date) {
  if (claimed.method === "inventory") return payFromStock(context, claimed, now);
  if (claimed.method === "provider") return payThroughProvider(context, claimed, now);
  return refuse(context, claimed, messages.paidByHand, now);
}

/** Reads a payout's order now (a webhook's event); Tremendous unreachable: the payout is polled at once. */
export async function refreshOrder(context: WorkContext, payout: PayoutRow, now: Date) {
  const settings = await readPayoutSettings(context.db, payout.appId);
  if (!settings.tremendous || !payout.providerOrderId) return;
  try {
    const order = await getOrder(settings.tremendous, payout.providerOrderId, context.timing.timeoutMs);
    await applyOrder(context, payout, order, now);
  } catch (error) {
    if (!(error instanceof TremendousError)) throw error;
    await context.db.transaction(async (tx) => {
      const locked = await lockActive(tx, payout);
      if (locked) {
        await reschedule(
          tx,
          locked.payout,
          { status: activeStatus(locked.payout), message: locked.payout.message, nextAttemptAt: now },
          now,
        );
      }
    });
  }
}
