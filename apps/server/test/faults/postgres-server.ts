import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

/**
 * The PostgreSQL fault tests need a PostgreSQL of their own to stop and start: FAULTS_PG_BIN names its
 * binaries (.ci/run sets it). They are not in the default test run; without it they fail, saying so.
 */
export function postgresBinDir(): string {
  const bin = process.env.FAULTS_PG_BIN;
  if (!bin || !existsSync(join(bin, "pg_ctl"))) {
    throw new Error(
      "The PostgreSQL fault tests need FAULTS_PG_BIN, the directory of PostgreSQL's binaries " +
        "(e.g. FAULTS_PG_BIN=/usr/lib/postgresql/15/bin). .ci/run sets it.",
    );
  }
  return bin;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// PostgreSQL refuses to run as root: as root, run it as the unprivileged CI user, as .ci/run does.
const pgUser = "rewardsci";
const asRoot = process.getuid?.() === 0;

/**
 * A throw-away PostgreSQL cluster in a temporary directory on its own port, which a test can stop and
 * start again (a restart the server under test must live through).
 */
export async function startPostgres() {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), "rewards-faults-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", pgUser]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", pgUser]).toString().trim());
    chownSync(dir, uid, gid);
  }
  // Asynchronous, so a server under test in this process keeps answering while PostgreSQL stops.
  const run = async (tool: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ["runuser", ["-u", pgUser, "--", join(bin, tool), ...args]]
      : [join(bin, tool), args];
    await promisify(execFile)(command as string, commandArgs as string[]);
  };
  const port = await freePort();
  const data = join(dir, "data");
  await run("initdb", ["-D", data, "-U", "postgres", "-A", "trust"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", join(dir, "postgres.log"), "-w", "-o", options, "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  await start();
  const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    /** Creates a database and answers its URL. */
    async createDatabase(name: string): Promise<string> {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    /** Fast shutdown: open sessions are ended (57P01), new connections are refused. */
    stop,
    start,
    async close() {
      await stop().catch(() => {
        // Already stopped.
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TestPostgres = Awaited<ReturnType<typeof startPostgres>>;
