import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { payouts } from "../../db/schema/index.ts";
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
  const at = now.toISOString();
  const claimed = await db.execute(sql`
    update ${payouts}
    set attempts = attempts + 1,
        locked_until = ${at}::timestamptz + ${`${claimMs} milliseconds`}::interval, updated_at = ${at}::timestamptz
    where id in (
      select id from ${payouts}
      where status in ('queued', 'processing') and next_attempt_at <= ${at}::timestamptz
        and (locked_until is null or locked_until < ${at}::timestamptz)
      order by next_attempt_at
      limit ${batchSize}
      for update skip locked)
    returning id`);
  const ids = (claimed as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payouts)
    .where(
      sql`${payouts.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
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
  const { pollMs } = settingsOf(options);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runPayoutRound(options)
      .then(() => undefined)
      .catch((error) => options.log.error({ err: error }, "payout worker"))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          timer = setTimeout(tick, 0);
        } else timer = setTimeout(tick, pollMs);
      });
  }

  timer = setTimeout(tick, 0);
  return {
    /** Runs a round now (e.g. right after queueing) instead of at the next poll. */
    wake() {
      if (timer) clearTimeout(timer);
      tick();
    },
    /** Finishes the round under way, then stops. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
export type PayoutWorker = ReturnType<typeof startPayoutWorker>;
