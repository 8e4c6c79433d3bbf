import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { createJobLock, jobLockKeys } from "../lib/job-lock.ts";
import { type RoundObserver, startPollingWorker } from "../lib/polling-worker.ts";
import { inBatches } from "./batches.ts";
import type { Db } from "./client.ts";

/**
 * One round of rollup compaction: folds the 8 shard rows of every closed hour (activity_hours) and closed
 * day (analytics_days) into one, in batches of `batchSize` rows a table, each its own transaction, until
 * a batch comes back short. Answers how many rows it folded. The database function rollups_compact does
 * the folding (migration 0031 says how it stays exact beside concurrent writes).
 */
export async function compactRollups(db: Db, options: { batchSize?: number } = {}): Promise<number> {
  return inBatches(
    db,
    (size) => sql`select rollups_compact(${size}::integer) as done`,
    options.batchSize ?? 5_000,
  );
}

export type RollupCompactionOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** How often the job looks for closed periods to fold; ten minutes by default. */
  pollMs?: number;
  batchSize?: number;
  observeRound?: RoundObserver;
};

/** The compaction job inside the server process: one process at a time runs it (its advisory lock). */
export function startRollupCompactionWorker(options: RollupCompactionOptions) {
  return startPollingWorker({
    name: "rollup compaction worker",
    log: options.log,
    pollMs: options.pollMs ?? 600_000,
    observeRound: options.observeRound,
    lock: createJobLock(options.db, jobLockKeys.rollupCompaction),
    round: async () => {
      const folded = await compactRollups(options.db, { batchSize: options.batchSize });
      if (folded > 0) options.log.info({ folded }, "rollup shards folded");
    },
  });
}
