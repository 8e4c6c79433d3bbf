import { sql } from "drizzle-orm";
import { inBatches } from "./batches.ts";
import type { Db } from "./client.ts";

/**
 * Folds every waiting move of the lists' positions into list_buckets, in batches of `batchSize`, each its
 * own transaction (list_positions_fold, migration 0037; decision 0032). Answers how many it folded. Reads
 * need not call it: they add the waiting moves themselves. It keeps the queue short, which keeps those
 * reads cheap; the rollup worker calls it every round.
 */
export async function foldListPositions(db: Db, options: { batchSize?: number } = {}): Promise<number> {
  return inBatches(
    db,
    (size) => sql`select list_positions_fold(${size}::integer) as done`,
    options.batchSize ?? 5_000,
  );
}
