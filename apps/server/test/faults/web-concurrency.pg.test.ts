import { readdirSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { goodPassword } from "../support/auth-helpers.ts";
import { startPostgres, type TestPostgres } from "./postgres-server.ts";
import { type ServerCluster, startServerCluster } from "./server-cluster.ts";

// WEB_CONCURRENCY=3: the real server as a primary and 3 worker processes sharing one port on one
// PostgreSQL. A killed worker is replaced; rate limits count across the processes; SIGTERM stops them all.
let pgServer: TestPostgres;
let cluster: ServerCluster;
let base: string;
/** Everything the primary and its processes printed so far. */
const output = () => cluster.output();
const workers = () => cluster.workers();

beforeAll(async () => {
  pgServer = await startPostgres();
  // No JWT_SECRET: the primary creates the signing secret once, before the workers start.
  cluster = await startServerCluster({
    databaseUrl: await pgServer.createDatabase("rewards_cluster"),
    processes: 3,
  });
  base = cluster.base;
  await cluster.until(() => output().includes("Rewards Admin is running at"), "start-up lines", 60_000);
}, 120_000);

afterAll(async () => {
  cluster?.kill();
  await pgServer?.close();
});

const signIn = (password: string) =>
  fetch(`${base}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "owner@cluster.test", password }),
  });

it("runs 3 processes on one port, announcing itself once, and every one answers", async () => {
  expect(output().match(/Rewards Admin is running at/g)).toHaveLength(1);
  expect(output()).toContain("Starting 3 server processes");
  const registered = await fetch(`${base}/api/users/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      fullName: "Cluster Owner",
      username: "owner@cluster.test",
      password: goodPassword,
      confirmPassword: goodPassword,
    }),
  });
  expect(registered.status).toBe(200);
  // One signing secret for all: a token from one process is good on every other.
  const { accessToken } = (await registered.json()) as { accessToken: string };
  const answers = await Promise.all(
    Array.from({ length: 30 }, () =>
      fetch(`${base}/api/profile/me`, { headers: { authorization: `Bearer ${accessToken}` } }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
});

it("counts wrong passwords across the processes: the 11th from one address is refused", async () => {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 11; attempt++) statuses.push((await signIn("wrong-password-1234")).status);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
  expect(statuses[10]).toBe(429);
});

it("starts another process when one dies, and every process answers again", async () => {
  const [victim] = workers();
  process.kill(victim as number, "SIGKILL");
  await expect
    .poll(
      () => {
        const now = workers();
        return now.length === 3 && !now.includes(victim as number);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  expect(output()).toMatch(new RegExp(`Server process ${victim} exited .*starting another`));
  // A request the dead process held is lost with it (as in any crash); the new one takes its share.
  await expect
    .poll(
      async () =>
        (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) }).catch(() => null))?.status,
    )
    .toBe(200);
  const answers = await Promise.all(
    Array.from({ length: 30 }, () =>
      fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) }).then((answer) => answer.status),
    ),
  );
  expect(answers).toEqual(Array(30).fill(200));
});

it("starts them all again when every process dies at once", async () => {
  const before = workers();
  for (const pid of before) process.kill(pid, "SIGKILL");
  await expect
    .poll(
      () => {
        const now = workers();
        return now.length === 3 && now.every((pid) => !before.includes(pid));
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  expect(cluster.primary.exitCode).toBeNull();
  await expect
    .poll(
      async () =>
        (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) }).catch(() => null))?.status,
      // The new processes start from scratch (a few seconds each on a busy machine).
      { timeout: 30_000, interval: 250 },
    )
    .toBe(200);
});

it("stops every process on SIGTERM and exits 0", async () => {
  const running = workers();
  const exited = new Promise<number | null>((resolve) =>
    cluster.primary.once("exit", (code) => resolve(code)),
  );
  cluster.primary.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(running.filter((pid) => readdirSync("/proc").includes(String(pid)))).toEqual([]);
});
