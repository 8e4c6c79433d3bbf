import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { goodPassword } from "../support/auth-helpers.ts";
import { testSecretsKeyText } from "../support/secrets-key.ts";
import { freePort, startPostgres, type TestPostgres } from "./postgres-server.ts";

// WEB_CONCURRENCY=3: the real server as a primary and 3 worker processes sharing one port on one
// PostgreSQL. A killed worker is replaced; rate limits count across the processes; SIGTERM stops them all.
const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

let pgServer: TestPostgres;
let primary: ChildProcess;
let output = "";
let base: string;

/** The pids of a process's children, read from /proc (Linux: where CI and this server run). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        // pid (comm) state ppid …: the comm may hold spaces, so read after its closing parenthesis.
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await pgServer.createDatabase("rewards_cluster");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  primary = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      // No JWT_SECRET: the primary creates the signing secret once, before the workers start.
      SECRETS_KEY: testSecretsKeyText,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: "3",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  primary.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  primary.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await until(async () => childrenOf(primary.pid ?? 0).length === 3, "3 worker processes");
  await until(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200, "ready");
  await until(async () => output.includes("Rewards Admin is running at"), "start-up lines");
}, 120_000);

/** Waits for a condition (expect.poll only works inside a test), failing with the server's output. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (primary.exitCode !== null || Date.now() > deadline) throw new Error(`no ${what}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

afterAll(async () => {
  if (primary.exitCode === null) primary.kill("SIGKILL");
  for (const pid of childrenOf(primary.pid ?? 0)) process.kill(pid, "SIGKILL");
  await pgServer?.close();
});

const signIn = (password: string) =>
  fetch(`${base}/api/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "owner@cluster.test", password }),
  });

it("runs 3 processes on one port, announcing itself once, and every one answers", async () => {
  expect(output.match(/Rewards Admin is running at/g)).toHaveLength(1);
  expect(output).toContain("Starting 3 server processes");
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
  const [victim] = childrenOf(primary.pid ?? 0);
  process.kill(victim as number, "SIGKILL");
  await expect
    .poll(
      () => {
        const now = childrenOf(primary.pid ?? 0);
        return now.length === 3 && !now.includes(victim as number);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  expect(output).toMatch(new RegExp(`Server process ${victim} exited .*starting another`));
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
  const before = childrenOf(primary.pid ?? 0);
  for (const pid of before) process.kill(pid, "SIGKILL");
  await expect
    .poll(
      () => {
        const now = childrenOf(primary.pid ?? 0);
        return now.length === 3 && now.every((pid) => !before.includes(pid));
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  expect(primary.exitCode).toBeNull();
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
  const workers = childrenOf(primary.pid ?? 0);
  const exited = new Promise<number | null>((resolve) => primary.once("exit", (code) => resolve(code)));
  primary.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(workers.filter((pid) => readdirSync("/proc").includes(String(pid)))).toEqual([]);
});
