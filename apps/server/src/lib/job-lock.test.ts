import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { createJobLock } from "./job-lock.ts";
import { type RoundOutcome, startPollingWorker } from "./polling-worker.ts";

// On PGlite (one process) a timed job's lock is always this process's; on PostgreSQL (TEST_DATABASE_URL)
// one session holds it. The fault tests (test/faults/timed-jobs.pg.test.ts) cover several processes.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const log = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("gives the lock to every caller on PGlite, and to one session at a time on PostgreSQL", async () => {
  const first = createJobLock(database.db, 901);
  const second = createJobLock(database.db, 901);
  expect(await first.acquire()).toBe(true);
  expect(await second.acquire()).toBe(database.driver === "pglite");
  await first.release();
  expect(await second.acquire()).toBe(true);
  await second.release();
});

it("runs a locked worker's rounds only while it holds the lock, counting the others as skipped", async () => {
  const outcomes = [[], []] as RoundOutcome[][];
  const rounds = [0, 0];
  const workers = [0, 1].map((index) =>
    startPollingWorker({
      name: `worker ${index}`,
      log,
      pollMs: 20,
      round: async () => {
        rounds[index] = (rounds[index] ?? 0) + 1;
      },
      observeRound: (outcome) => outcomes[index]?.push(outcome),
      lock: createJobLock(database.db, 902),
    }),
  );
  await sleep(300);
  await Promise.all(workers.map((worker) => worker.stop()));
  const ran = rounds.filter((count) => count > 0).length;
  if (database.driver === "pglite") {
    expect(ran).toBe(2);
    expect(outcomes.flat()).not.toContain("skipped");
  } else {
    expect(ran).toBe(1);
    const idle = rounds[0] === 0 ? 0 : 1;
    expect(outcomes[idle]?.length).toBeGreaterThan(0);
    expect(new Set(outcomes[idle])).toEqual(new Set(["skipped"]));
  }
  expect(outcomes.flat()).not.toContain("error");
  // Stopped workers let the lock go.
  const after = createJobLock(database.db, 902);
  expect(await after.acquire()).toBe(true);
  await after.release();
});

it("starts no round once stopping, even when the lock comes free while it was being asked for", async () => {
  // The race two workers sharing a lock run into at shutdown: one stops and lets the lock go while the
  // other's acquire is on its way, which then gets it. A worker that is stopping must not run a round.
  let grant: ((held: boolean) => void) | undefined;
  let released = 0;
  let ran = 0;
  const worker = startPollingWorker({
    name: "stopping worker",
    log,
    pollMs: 20,
    round: async () => {
      ran += 1;
    },
    lock: {
      acquire: () => new Promise<boolean>((resolve) => (grant = resolve)),
      release: async () => {
        released += 1;
      },
    },
  });
  while (!grant) await sleep(1);
  const stopping = worker.stop();
  grant(true);
  await stopping;
  expect(ran).toBe(0);
  expect(released).toBe(1);
});
