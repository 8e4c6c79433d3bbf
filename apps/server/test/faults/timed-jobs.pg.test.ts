import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../../src/db/client.ts";
import { createJobLock, jobLockKeys } from "../../src/lib/job-lock.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { startPostgres, type TestPostgres } from "./postgres-server.ts";

// Timed jobs on several processes sharing one PostgreSQL: each tick's round runs in one process only (the
// holder of the job's advisory lock), and another takes over when the holder stops or loses its session.
// Each "process" here is an app with a pool of its own, so each has its own PostgreSQL sessions.

let pgServer: TestPostgres;
let url: string;
const opened: Database[] = [];

async function openDatabase(): Promise<Database> {
  const database = await openPostgres(url);
  opened.push(database);
  return database;
}

beforeAll(async () => {
  pgServer = await startPostgres();
  url = await pgServer.createDatabase("rewards_timed_jobs");
  await (await openDatabase()).migrate();
});

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  await pgServer?.close();
});

/** The backend pid of the session holding a job's lock, if any. */
async function lockHolder(key: number): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and objid = $1",
      [key],
    );
    return result.rows[0]?.pid;
  } finally {
    await client.end();
  }
}

async function terminate(pid: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("select pg_terminate_backend($1)", [pid]);
  await client.end();
}

const inUse = (database: Database) => {
  const stats = database.poolStats?.();
  return stats ? stats.total - stats.idle : -1;
};

describe("the job lock", () => {
  it("lets one session hold it, keeps the others' connections free, and passes on when let go", async () => {
    const [a, b] = [await openDatabase(), await openDatabase()];
    const lockA = createJobLock(a.db, 42);
    const lockB = createJobLock(b.db, 42);
    expect(await lockA.acquire()).toBe(true);
    expect(await lockB.acquire()).toBe(false);
    // The holder keeps its session (and so its connection); the other returns its connection at once.
    expect(await lockA.acquire()).toBe(true);
    expect(inUse(a)).toBe(1);
    expect(inUse(b)).toBe(0);
    await lockA.release();
    expect(inUse(a)).toBe(0);
    expect(await lockB.acquire()).toBe(true);
    expect(await lockA.acquire()).toBe(false);
    // Another key is another job: free.
    const otherJob = createJobLock(a.db, 43);
    expect(await otherJob.acquire()).toBe(true);
    await otherJob.release();
    await lockB.release();
    expect(await lockA.acquire()).toBe(true);
    await lockA.release();
  });

  it("frees the lock when its session dies, and the holder takes it again without crashing", async () => {
    const [a, b] = [await openDatabase(), await openDatabase()];
    const lockA = createJobLock(a.db, 44);
    const lockB = createJobLock(b.db, 44);
    expect(await lockA.acquire()).toBe(true);
    const pid = await lockHolder(44);
    expect(pid).toBeTypeOf("number");
    // What PostgreSQL sees when a process is killed: its session ends.
    await terminate(pid as number);
    await expect.poll(() => lockHolder(44)).toBeUndefined();
    expect(await lockB.acquire()).toBe(true);
    // A notices its lost session, drops that connection and finds the lock taken.
    expect(await lockA.acquire()).toBe(false);
    expect(inUse(a)).toBe(0);
    await lockB.release();
    expect(await lockA.acquire()).toBe(true);
    expect(await lockHolder(44)).not.toBe(pid);
    await lockA.release();
  });

  it("throws while PostgreSQL is away, and holds the lock again once it is back", async () => {
    const a = await openDatabase();
    const lock = createJobLock(a.db, 45);
    expect(await lock.acquire()).toBe(true);
    await pgServer.stop();
    try {
      await expect(lock.acquire()).rejects.toThrow();
    } finally {
      await pgServer.start();
    }
    expect(await lock.acquire()).toBe(true);
    expect(await lockHolder(45)).toBeTypeOf("number");
    await lock.release();
  });
});

const pollMs = 100;
const metricsToken = "timed-jobs-metrics-token-0123456789";

/** This app's hold release rounds so far, by outcome, from its /metrics. */
async function holdReleaseRounds(testApp: TestApp): Promise<{ ok: number; skipped: number; error: number }> {
  const answer = await testApp.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(answer.statusCode).toBe(200);
  const count = (outcome: string) => {
    const line = answer.body
      .split("\n")
      .find((row) => row.startsWith(`job_runs_total{job="hold_release",outcome="${outcome}"}`));
    return line ? Number(line.split(" ").at(-1)) : 0;
  };
  return { ok: count("ok"), skipped: count("skipped"), error: count("error") };
}

const startProcess = async () =>
  startTestApp({
    database: await openDatabase(),
    env: { METRICS_TOKEN: metricsToken },
    holdRelease: { pollMs },
    outbox: false,
    payouts: false,
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the hold release job on two processes", () => {
  it("runs once per tick across them, and the other takes over within a tick when the runner stops", async () => {
    const first = await startProcess();
    const second = await startProcess();
    const apps = [first, second];
    try {
      const windowMs = 2000;
      const before = await Promise.all(apps.map(holdReleaseRounds));
      await sleep(windowMs);
      const after = await Promise.all(apps.map(holdReleaseRounds));
      const ran = after.map((rounds, index) => rounds.ok - (before[index]?.ok ?? 0));
      const skipped = after.map((rounds, index) => rounds.skipped - (before[index]?.skipped ?? 0));
      // One process ran every tick; the other skipped every one of its own.
      const runner = (ran[0] ?? 0) > 0 ? 0 : 1;
      const other = 1 - runner;
      expect(ran[other]).toBe(0);
      expect(skipped[runner]).toBe(0);
      // Not vacuous: both ticked several times (fewer than windowMs / pollMs on a busy machine).
      expect(skipped[other]).toBeGreaterThanOrEqual(3);
      // Once per tick overall: at most one round per poll, where each process alone would run as many.
      expect((ran[0] ?? 0) + (ran[1] ?? 0)).toBeGreaterThanOrEqual(3);
      expect((ran[0] ?? 0) + (ran[1] ?? 0)).toBeLessThanOrEqual(windowMs / pollMs + 2);
      expect(after.map((rounds) => rounds.error)).toEqual([0, 0]);

      // The runner stops (its lock goes with it): the other runs its next tick, skipping none after.
      const survivor = apps[other] as TestApp;
      await (apps[runner] as TestApp).close();
      const stopped = await holdReleaseRounds(survivor);
      await expect
        .poll(async () => (await holdReleaseRounds(survivor)).ok, { interval: 10, timeout: 20 * pollMs })
        .toBeGreaterThan(stopped.ok);
      const tookOver = await holdReleaseRounds(survivor);
      // At most the one tick that may have begun while the runner was stopping.
      expect(tookOver.skipped - stopped.skipped).toBeLessThanOrEqual(1);
      expect(await lockHolder(jobLockKeys.holdRelease)).toBeTypeOf("number");
    } finally {
      for (const testApp of apps) await testApp.close().catch(() => {});
    }
  });

  it("hands the tick to another process when the runner's session dies, and none crashes", async () => {
    const first = await startProcess();
    const second = await startProcess();
    try {
      await expect.poll(() => lockHolder(jobLockKeys.holdRelease)).toBeTypeOf("number");
      const killed = (await lockHolder(jobLockKeys.holdRelease)) as number;
      await terminate(killed);
      await expect
        .poll(() => lockHolder(jobLockKeys.holdRelease), { interval: 20, timeout: 10 * pollMs })
        .toSatisfy((pid) => typeof pid === "number" && pid !== killed);
      // Back to one round per tick: in a window, one process runs and the other skips.
      const before = await Promise.all([first, second].map(holdReleaseRounds));
      await sleep(1000);
      const after = await Promise.all([first, second].map(holdReleaseRounds));
      const ran = after.map((rounds, index) => rounds.ok - (before[index]?.ok ?? 0));
      expect(ran.filter((count) => count > 0)).toHaveLength(1);
      expect(after.map((rounds) => rounds.error)).toEqual([0, 0]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
