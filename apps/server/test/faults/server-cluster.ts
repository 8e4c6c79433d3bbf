import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serverProcessesOf } from "../support/processes.ts";
import { testSecretsKeyText } from "../support/secrets-key.ts";
import { freePort } from "./postgres-server.ts";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

/**
 * The real server (`server.ts`) with WEB_CONCURRENCY=`processes` on a PostgreSQL database: a primary and
 * that many worker processes sharing one port. Resolves once every worker runs and the server is ready.
 */
export async function startServerCluster(options: {
  databaseUrl: string;
  processes: number;
  env?: NodeJS.ProcessEnv;
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const primary: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      SECRETS_KEY: testSecretsKeyText,
      LOG_LEVEL: "warn",
      WEB_CONCURRENCY: String(options.processes),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  primary.stdout?.on("data", collect);
  primary.stderr?.on("data", collect);

  /** Waits for a condition, failing with the server's output. */
  async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (primary.exitCode !== null || Date.now() > deadline) throw new Error(`no ${what}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const workers = () => serverProcessesOf(primary.pid ?? 0);
  try {
    await until(() => workers().length === options.processes, `${options.processes} worker processes`);
    await until(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200, "ready");
  } catch (error) {
    primary.kill("SIGKILL");
    throw error;
  }
  return {
    base,
    primary,
    workers,
    until,
    output: () => output,
    /** Kills the primary and every worker at once. */
    kill() {
      const pids = workers();
      if (primary.exitCode === null) primary.kill("SIGKILL");
      for (const pid of pids) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
    },
  };
}
export type ServerCluster = Awaited<ReturnType<typeof startServerCluster>>;
