import { and, asc, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { payouts } from "../../db/schema/index.ts";
import { type RoundObserver, startPollingWorker } from "../../lib/polling-worker.ts";
import type { PayoutRow } from "./payout-outcome.ts";
import { defaultPayoutTiming, type PayoutTiming, type WorkContext, workPayout } from "./payout-work.ts";

export type PayoutWorkerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Called after a round queued reward e-mails (wakes the mail outbox). */
  onMailQueued?: () => void;
  pollMs?: number;
  /** Payouts claimed, and worked side by side, per batch. */
  batchSize?: number;
  /** How long a claim lasts: a payout claimed by a process that died is worked again after it. */
  claimMs?: number;
  timing?: Partial<PayoutTiming>;
  observeRound?: RoundObserver;
};

/**
 * Claims due payouts: queued or processing ones whose time has come and whose claim (if any) lapsed.
 * FOR UPDATE SKIP LOCKED lets several processes claim side by side without ever taking the same row;
 * `attempts` counts the claims and is the claim's mark (only that claim may record an outcome).
 */
export async function claimDuePayouts(
  db: Db,
  batchSize: number,
  claimMs: number,
  now: Date,
): Promise<PayoutRow[]> {
  const due = db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        inArray(payouts.status, ["queued", "processing"]),
        lte(payouts.nextAttemptAt, now),
        or(isNull(payouts.lockedUntil), lt(payouts.lockedUntil, now)),
      ),
    )
    .orderBy(asc(payouts.nextAttemptAt))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(payouts)
    .set({
      attempts: sql`${payouts.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + claimMs),
      updatedAt: now,
    })
    .where(inArray(payouts.id, due))
    .returning();
}

const settingsOf = (options: PayoutWorkerOptions) => ({
  pollMs: options.pollMs ?? 1000,
  batchSize: options.batchSize ?? 20,
  claimMs: options.claimMs ?? 120_000,
  context: {
    db: options.db,
    log: options.log,
    onMailQueued: options.onMailQueued,
    timing: { ...defaultPayoutTiming, ...options.timing },
  } satisfies WorkContext,
});

/**
 * One round: claims and works due payouts, a batch at a time side by side, until none is due at `now`.
 * Answers how many it worked. Tests drive it by hand with a simulated `now`.
 */
export async function runPayoutRound(options: PayoutWorkerOptions, now = new Date()): Promise<number> {
  const { batchSize, claimMs, context } = settingsOf(options);
  let worked = 0;
  for (;;) {
    const rows = await claimDuePayouts(options.db, batchSize, claimMs, now);
    if (rows.length === 0) return worked;
    worked += rows.length;
    await Promise.all(
      rows.map((row) =>
        workPayout(context, row, now).catch((error) =>
          options.log.error({ err: error, payoutId: row.id }, "payout worker"),
        ),
      ),
    );
  }
}

/** The worker inside the server process: polls, and is woken at once after a payout is queued. */
export function startPayoutWorker(options: PayoutWorkerOptions) {
  return startPollingWorker({
    name: "payout worker",
    log: options.log,
    pollMs: settingsOf(options).pollMs,
    round: () => runPayoutRound(options),
    observeRound: options.observeRound,
  });
}
export type PayoutWorker = ReturnType<typeof startPayoutWorker>;
