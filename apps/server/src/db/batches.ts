import type { SQL } from "drizzle-orm";
import type { Db } from "./client.ts";

/**
 * Calls a batch function of the database again and again, each call its own transaction, until a call
 * does fewer rows than a batch: the rollups' fold and their compaction. `call` is the statement for a
 * batch size, answering the rows it did as `done`. Answers the rows of all the calls.
 */
export async function inBatches(
  db: Db,
  call: (batchSize: number) => SQL,
  batchSize: number,
): Promise<number> {
  let done = 0;
  for (;;) {
    const result = (await db.execute(call(batchSize))) as unknown as { rows: { done: number }[] };
    const count = Number(result.rows[0]?.done ?? 0);
    done += count;
    if (count < batchSize) return done;
  }
}
