import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openPostgres } from "./client.ts";

// DATABASE_POOL_SIZE caps a process's connections: past it, a statement waits for a connection.
it.runIf(process.env.TEST_DATABASE_URL)(
  "opens at most poolSize connections and queues the rest",
  async () => {
    const database = await openPostgres(process.env.TEST_DATABASE_URL ?? "", { poolSize: 3 });
    try {
      const stats = database.poolStats;
      if (!stats) throw new Error("a PostgreSQL database reports its pool");
      // Promise.all starts them (a drizzle query runs when awaited).
      const running = Promise.all(
        Array.from({ length: 7 }, () => database.db.execute(sql`select pg_sleep(0.3)`)),
      );
      await expect.poll(() => stats().waiting, { timeout: 5_000, interval: 20 }).toBe(4);
      expect(stats().total).toBe(3);
      await running;
      expect(stats().total).toBeLessThanOrEqual(3);
    } finally {
      await database.close();
    }
  },
);
