/** The server `npm run bench` measures: started on DATABASE_URL (or one already running), and signed in to. */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import { authEndpoints, pathOf, systemEndpoints } from "@rewards/contract";
import type pg from "pg";
import { serverProcessesOf } from "../apps/server/test/support/processes.ts";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * The V8 heap flags `npm start` runs the server with, read from its script in package.json so the bench
 * measures the server as it is run (docs/performance.md, "Memory").
 */
function startNodeFlags(root: string): string[] {
  const scripts = (
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }
  ).scripts;
  return scripts.start.match(/--max-[a-z-]+=\d+/g) ?? [];
}

/**
 * Starts the server on DATABASE_URL unless BENCH_URL names a running one; answers its URL and pid.
 * `processes` above 1 always starts one (WEB_CONCURRENCY): a primary and that many server processes.
 */
export async function startServer({ processes = 1 }: { processes?: number } = {}): Promise<{
  url: string;
  pid?: number;
  child?: ChildProcess;
}> {
  if (process.env.BENCH_URL && processes === 1) {
    const pid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : undefined;
    return { url: process.env.BENCH_URL.replace(/\/$/, ""), pid };
  }
  const port = await freePort();
  const root = new URL("..", import.meta.url).pathname;
  const nodeFlags = [...startNodeFlags(root), "--import", "tsx"];
  const child = spawn(process.execPath, [...nodeFlags, "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DEMO_DATA: "off",
      WEB_CONCURRENCY: String(processes),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${url}${pathOf(systemEndpoints.health)}`)).ok) {
        if (processes > 1 && child.pid) await settled(child.pid, url, processes);
        return { url, pid: child.pid, child };
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start within 60 s");
}

/**
 * How many of the clients' connections to `port` each process holds (a cluster's primary accepts them
 * and hands each to a server process), from the sockets in /proc/net/tcp and the processes' fds.
 */
export function connectionsPerProcess(pids: number[], port: number): number[] {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // Field 1 is the local address:port in hex, 3 the state (01 established), 9 the inode.
      if (f[3] === "01" && Number.parseInt(f[1]?.split(":")[1] ?? "", 16) === port && f[9]) inodes.add(f[9]);
    }
  }
  return pids.map((pid) => {
    let count = 0;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
          if (target.startsWith("socket:[") && inodes.has(target.slice(8, -1))) count++;
        } catch {}
      }
    } catch {}
    return count;
  });
}

/**
 * Waits until each of the primary's `count` server processes takes connections: the first to listen
 * answers the health check while the others may still be loading, and connections opened then would
 * all land on the first. Opens a few keep-alive connections at a time and looks where they went.
 */
async function settled(primary: number, url: string, count: number) {
  const port = Number(new URL(url).port);
  for (let i = 0; i < 200; i++) {
    const pids = serverProcessesOf(primary);
    if (pids.length >= count) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: count * 4 });
      const calls = Array.from(
        { length: count * 4 },
        () =>
          new Promise<void>((resolve) => {
            const call = http.get(`${url}${pathOf(systemEndpoints.health)}`, { agent }, (response) => {
              response.resume();
              response.on("end", () => resolve());
            });
            call.on("error", () => resolve());
          }),
      );
      await Promise.all(calls);
      const spread = connectionsPerProcess(pids, port);
      agent.destroy();
      if (spread.every((n) => n > 0)) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the ${count} server processes did not all take connections within 60 s`);
}

/** Stops a server the bench started, and waits until it has exited. */
export async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Signs in as the administrator; answers the access token. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const login = authEndpoints.login;
  const response = await fetch(`${url}${pathOf(login)}`, {
    method: login.method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password }),
  });
  const body = (await response.json()) as { accessToken?: string; message?: string };
  if (!body.accessToken) throw new Error(`sign-in as ${email} failed: ${response.status} ${body.message}`);
  return body.accessToken;
}

const policies: Record<number, string> = {
  0: "SCHED_OTHER (the default)",
  3: "SCHED_BATCH",
  5: "SCHED_IDLE",
};

/**
 * How PostgreSQL's processes are scheduled, read from the /proc entry of the pool's backend when
 * PostgreSQL runs on this host: on shared CPUs it moves the load's numbers (docs/performance.md,
 * "PostgreSQL's place in the CPU queue").
 */
export async function postgresScheduling(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ pid: number }>("select pg_backend_pid() as pid");
  const pid = rows[0]?.pid;
  try {
    if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres")) return "not on this host";
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's closing parenthesis start at field 3; the policy is field 41.
    const policy = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[41 - 3]);
    return policies[policy] ?? `policy ${policy}`;
  } catch {
    return "not on this host";
  }
}
