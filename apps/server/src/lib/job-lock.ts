import type pg from "pg";
import { type Db, sessionSourceOf } from "../db/client.ts";

/**
 * The advisory lock key of each timed job. Any constants work, as long as they differ from each other,
 * from the migrations' lock (db/client.ts) and from 7_302_203, the transaction lock offer_rollups_fold
 * takes in SQL (migration 0035) so that one fold runs at a time.
 */
export const jobLockKeys = { holdRelease: 7_302_201, rollupCompaction: 7_302_202 } as const;

export type JobLock = {
  /**
   * True when this process is to run the job's round now: it holds the job's lock, or it is the only
   * process (PGlite). Throws when the database cannot be reached (the round fails like any other).
   */
  acquire(): Promise<boolean>;
  /** Lets the lock go (at shutdown), so another process takes the job at its next tick. */
  release(): Promise<void>;
};

/**
 * Runs a timed job in one process at a time on PostgreSQL: the process holding the job's session-level
 * advisory lock runs its rounds; the others skip theirs with one cheap `pg_try_advisory_lock`. The holder
 * keeps the lock, and the one pool connection whose session owns it, while it lives: when it dies its
 * connection closes, PostgreSQL frees the lock, and another process takes it at its next tick. A
 * process that does not hold the lock keeps no connection between ticks.
 */
export function createJobLock(db: Db, key: number): JobLock {
  const connect = sessionSourceOf(db);
  if (!connect) return { acquire: async () => true, release: async () => {} };
  let held: pg.PoolClient | undefined;

  async function stillHeld(client: pg.PoolClient): Promise<boolean> {
    try {
      // The lock lives as long as the session: a session that still answers still holds it.
      await client.query("select 1");
      return true;
    } catch (error) {
      // Lost (PostgreSQL restarted, the network cut): the lock went with the session. Drop the client.
      client.release(error as Error);
      return false;
    }
  }

  return {
    async acquire() {
      if (held) {
        if (await stillHeld(held)) return true;
        held = undefined;
      }
      const client = await connect();
      let locked = false;
      try {
        const result = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
          key,
        ]);
        locked = result.rows[0]?.locked === true;
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      if (locked) held = client;
      else client.release();
      return locked;
    },
    async release() {
      const client = held;
      held = undefined;
      if (!client) return;
      try {
        // Unlocked before the connection goes back to the pool: at once, where a closed session frees
        // the lock only once its backend has noticed.
        await client.query("select pg_advisory_unlock($1)", [key]);
        client.release();
      } catch (error) {
        // The session is gone, and the lock with it.
        client.release(error as Error);
      }
    },
  };
}
