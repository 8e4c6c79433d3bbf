import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { pointHolds } from "../../db/schema/index.ts";
import { createJobLock, jobLockKeys } from "../../lib/job-lock.ts";
import { type RoundObserver, startPollingWorker } from "../../lib/polling-worker.ts";
import { releaseHold } from "../ledger/index.ts";

export type HoldReleaseOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** How often the worker looks for due holds; one minute by default. */
  pollMs?: number;
  /** Due holds read per batch. */
  batchSize?: number;
  observeRound?: RoundObserver;
};

const due = () => and(eq(pointHolds.status, "held"), lte(pointHolds.releaseAt, sql`now()`));

/**
 * Releases one due hold in its own transaction, claimed FOR UPDATE SKIP LOCKED: a hold another process is
 * releasing (or a reversal is taking back) is skipped, and a hold no longer held is left alone, so each
 * hold is released once however many processes run the job. True when this call released it.
 */
async function releaseOne(db: Db, holdId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ id: pointHolds.id, appId: pointHolds.appId })
      .from(pointHolds)
      .where(and(eq(pointHolds.id, holdId), due()))
      .for("update", { skipLocked: true });
    if (!claimed) return false;
    return (await releaseHold(tx, { appId: claimed.appId, holdId: claimed.id })) !== null;
  });
}

/**
 * One round of the release job: every hold whose release date has come (index on release_at where held),
 * batch after batch, each released in its own transaction. Answers how many this round released.
 */
export async function releaseDueHolds(db: Db, options: { batchSize?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? 100;
  let released = 0;
  for (;;) {
    const batch = await db
      .select({ id: pointHolds.id })
      .from(pointHolds)
      .where(due())
      .orderBy(asc(pointHolds.releaseAt))
      .limit(batchSize);
    let moved = 0;
    for (const hold of batch) if (await releaseOne(db, hold.id)) moved++;
    released += moved;
    // A short batch was the last; a batch of holds all taken by other processes ends the round too.
    if (batch.length < batchSize || moved === 0) return released;
  }
}

/**
 * The release job inside the server process: a round at start, then one every `pollMs`. On PostgreSQL
 * one process at a time runs it (the holder of its advisory lock); the others skip their rounds.
 */
export function startHoldReleaseWorker(options: HoldReleaseOptions) {
  return startPollingWorker({
    name: "hold release worker",
    log: options.log,
    pollMs: options.pollMs ?? 60_000,
    observeRound: options.observeRound,
    lock: createJobLock(options.db, jobLockKeys.holdRelease),
    round: async () => {
      const count = await releaseDueHolds(options.db, { batchSize: options.batchSize ?? 100 });
      if (count > 0) options.log.info({ released: count }, "held credits released");
    },
  });
}
