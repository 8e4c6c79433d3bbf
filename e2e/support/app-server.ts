import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
  /** The demo owner's password, which the server prints once on its first start with demo data. */
  demoPassword(): Promise<string>;
  stop(): Promise<void>;
};

/**
 * The real server as `npm start` runs it, in its own process on a fresh temporary data directory, with
 * platform and tenant mail going to a local Mailgun-speaking sink. `demo: false` leaves the database
 * empty so the first registration becomes the owner. `env` adds or overrides environment variables.
 */
export async function startAppServer(
  options: { demo?: boolean; env?: Record<string, string> } = {},
): Promise<AppServer> {
  const dataDir = await mkdtemp(join(tmpdir(), "rewards-e2e-"));
  const port = await freePort();
  const mail = await startMailgunSink();
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
      DEMO_DATA: options.demo ? "auto" : "off",
      LOG_LEVEL: "warn",
      PLATFORM_MAILGUN_DOMAIN: "mg.e2e.test",
      PLATFORM_MAILGUN_API_KEY: "key-e2e",
      PLATFORM_MAIL_FROM: "Rewards <no-reply@e2e.test>",
      PLATFORM_MAILGUN_BASE_URL: mail.baseUrl,
      // Tenant mail (the reward e-mails of paid redeems) goes to the same sink.
      MAILGUN_BASE_URL: mail.baseUrl,
      // A test's own settings (e.g. FCM_BASE_URL pointing at a local sink) win over the defaults above.
      ...options.env,
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
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    dataDir,
    mail,
    output: () => output,
    async demoPassword() {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const password = /password:\s+(\S+)/.exec(output)?.[1];
        if (password) return password;
        if (Date.now() > deadline) throw new Error(`no demo password in:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await mail.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
