import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type RoundObserver, startPollingWorker } from "../lib/polling-worker.ts";
import { inBatches } from "./batches.ts";
import type { Db } from "./client.ts";
import { foldListPositions } from "./list-positions.ts";

/**
 * Folds every queued change of a completed offer into the dashboard's and the analytics' rollups, in
 * batches of `batchSize`, each its own transaction (offer_rollups_fold, migration 0035; decision 0031).
 * Answers how many changes it folded. A read of those rollups calls it first, on the primary, so it sees
 * every offer committed before it; the worker keeps the queue short between reads.
 *
 * `forApp`: what a read of one app's rollups passes. The fold then runs only when the queue holds a
 * change of that app (and folds every app's, as always): a dashboard whose app has none queued reads at
 * once, rather than fold (and wait on) the other apps' changes, which the worker folds within a second.
 * A change a fold under way has taken is still queued until that fold commits, so it is seen and waited
 * for.
 */
export async function foldOfferRollups(
  db: Db,
  options: { batchSize?: number; forApp?: string } = {},
): Promise<number> {
  const { forApp } = options;
  return inBatches(
    db,
    (size) =>
      forApp === undefined
        ? sql`select offer_rollups_fold(${size}::integer) as done`
        : sql`select case when exists (select from offer_rollup_changes where admin_id = ${forApp})
            then offer_rollups_fold(${size}::integer) else 0 end as done`,
    options.batchSize ?? 5_000,
  );
}

export type OfferRollupWorkerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** The pause between folds; a second by default. */
  pollMs?: number;
  batchSize?: number;
  observeRound?: RoundObserver;
};

/**
 * The folds inside every server process, the offers' rollups and then the lists' positions
 * (foldListPositions): folds serialize in the database (each function's advisory lock), so a process that
 * finds a queue emptied by another folds nothing, at the cost of one call. Each round
 * then vacuums the queue: a fold reads the queue from its start, and the rows earlier folds (this one's,
 * or the dashboard's) deleted stay there until a vacuum, which autovacuum runs at most once a minute: at a
 * thousand postbacks a second, 60,000 dead rows to step over on every read of the dashboard. Vacuuming a
 * queue of a few pages takes about a millisecond; one another process runs at that moment is not waited
 * for (SKIP_LOCKED), and it never shortens the file (TRUNCATE false), which would lock out the credits'
 * inserts for that moment: the space it frees is used again. The positions' queue likewise: every list
 * read reads it whole.
 */
export function startOfferRollupWorker(options: OfferRollupWorkerOptions) {
  return startPollingWorker({
    name: "offer rollup worker",
    log: options.log,
    pollMs: options.pollMs ?? 1_000,
    observeRound: options.observeRound,
    round: async () => {
      await foldOfferRollups(options.db, { batchSize: options.batchSize });
      await options.db.execute(sql`vacuum (skip_locked, truncate false) offer_rollup_changes`);
      await foldListPositions(options.db, { batchSize: options.batchSize });
      await options.db.execute(sql`vacuum (skip_locked, truncate false) list_position_changes`);
    },
  });
}
