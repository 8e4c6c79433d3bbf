import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { type MailgunSink, startMailgunSink } from "../../apps/server/test/support/mailgun-sink.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type AppServer = {
  baseUrl: string;
  dataDir: string;
  mail: MailgunSink;
  /** Everything the server printed so far. */
  output(): string;
  /** The demo owner's password, printed once by the first start that made the demo data. */
  demoPassword(): Promise<string>;
  stop(): Promise<void>;
};

/**
 * The real server as `npm start` runs it, in its own process on its own temporary data directory, with
 * platform and tenant mail going to a local Mailgun-speaking sink. `demo: false` leaves the database
 * empty so the first registration becomes the owner. `env` adds or overrides environment variables.
 * The data directory is a copy of one prepared once per run (see preparedDataDir).
 */
export async function startAppServer(
  options: { demo?: boolean; env?: Record<string, string> } = {},
): Promise<AppServer> {
  const demo = options.demo ?? false;
  const prepared = await preparedDataDir(demo);
  const dataDir = await mkdtemp(join(tmpdir(), "rewards-e2e-"));
  await cp(prepared.dataDir, dataDir, { recursive: true });
  const mail = await startMailgunSink();
  const server = await launch(dataDir, mail, demo, options.env);
  return {
    baseUrl: server.baseUrl,
    dataDir,
    mail,
    output: server.output,
    async demoPassword() {
      if (!prepared.demoPassword) throw new Error("this server was started without demo data");
      return prepared.demoPassword;
    },
    async stop() {
      await server.stop();
      await mail.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Launched = { baseUrl: string; output(): string; stop(): Promise<number | null> };

/** Starts the server on `dataDir` and waits until it answers /healthz. */
async function launch(
  dataDir: string,
  mail: MailgunSink,
  demo: boolean,
  env: Record<string, string> = {},
): Promise<Launched> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DEMO_DATA: demo ? "auto" : "off",
      LOG_LEVEL: "warn",
      PLATFORM_MAILGUN_DOMAIN: "mg.e2e.test",
      PLATFORM_MAILGUN_API_KEY: "key-e2e",
      PLATFORM_MAIL_FROM: "Rewards <no-reply@e2e.test>",
      PLATFORM_MAILGUN_BASE_URL: mail.baseUrl,
      // Tenant mail (the reward e-mails of paid redeems) goes to the same sink.
      MAILGUN_BASE_URL: mail.baseUrl,
      // A test's own settings (e.g. FCM_BASE_URL pointing at a local sink) win over the defaults above.
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    baseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      return child.exitCode;
    },
  };
}

type Prepared = { dataDir: string; demoPassword: string | null };

/**
 * A data directory as the server leaves it after its first start (migrations applied, secrets key and
 * signing secret created, with `demo` the demo owner and data), made once per run under the directory
 * the global setup provides. A first start costs several seconds; a copy of this one starts in about
 * two. The first file that needs it makes it (creating its directory is the lock); others wait for it.
 */
async function preparedDataDir(demo: boolean): Promise<Prepared> {
  const base = inject("e2eDataDirs");
  if (!base) throw new Error("no prepared data directories: run the browser tests with e2e/vitest.config.ts");
  const dir = join(base, demo ? "demo" : "empty");
  const ready = join(dir, "ready.json");
  try {
    await mkdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return waitForPrepared(ready);
  }
  try {
    const prepared = await prepare(join(dir, "data"), demo);
    await writeFile(ready, JSON.stringify(prepared));
    return prepared;
  } catch (error) {
    // The next file tries again rather than waiting for a directory that will never be ready.
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function prepare(dataDir: string, demo: boolean): Promise<Prepared> {
  const mail = await startMailgunSink();
  const server = await launch(dataDir, mail, demo);
  const demoPassword = demo ? await printedPassword(server.output) : null;
  // Copying a directory PGlite still has open would copy a torn database: stop the server first.
  const code = await server.stop();
  await mail.close();
  if (code !== 0) throw new Error(`the server preparing ${dataDir} exited with ${code}:\n${server.output()}`);
  if (existsSync(join(dataDir, "rewards.lock")))
    throw new Error(`${dataDir} is still locked after a clean stop`);
  // A copy must start as a first start would: nothing may have been sent yet from the prepared data.
  if (mail.received.length > 0) throw new Error("the server preparing the demo data sent mail");
  return { dataDir, demoPassword };
}

async function waitForPrepared(ready: string): Promise<Prepared> {
  const deadline = Date.now() + 90_000;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error(`${ready} not written within 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return JSON.parse(await readFile(ready, "utf8")) as Prepared;
}

/** The demo owner's password, printed once by the first start with demo data. */
async function printedPassword(output: () => string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const password = /password:\s+(\S+)/.exec(output())?.[1];
    if (password) return password;
    if (Date.now() > deadline) throw new Error(`no demo password in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
