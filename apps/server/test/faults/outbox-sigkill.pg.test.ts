import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openPostgres } from "../../src/db/client.ts";
import { mailOutbox, redeems } from "../../src/db/schema/index.ts";
import { seedDemoData } from "../../src/seed/demo-data.ts";
import { goodPassword } from "../support/auth-helpers.ts";
import { type MailgunSink, startMailgunSink } from "../support/mailgun-sink.ts";
import { testSecretsKeyText } from "../support/secrets-key.ts";
import { ledgerMismatches } from "../support/tenants.ts";
import { type FaultGate, startFaultGate } from "./fault-gate.ts";
import { freePort, startPostgres, type TestPostgres } from "./postgres-server.ts";

// The real server as a child process, killed with SIGKILL while its outbox has reward e-mails in flight
// (Mailgun holds them), then started again: every queued message must end sent or failed, none lost.
const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const timeoutMs = 1500; // A claim lasts 12× this (18 s): how long a dead process's sends stay claimed.
const messageCount = 8;

let pgServer: TestPostgres;
let database: Database;
let sink: MailgunSink;
let gate: FaultGate;
let env: NodeJS.ProcessEnv;
let base: string;
let child: ChildProcess | undefined;

function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/server.ts"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const check = async () => {
      if (server.exitCode !== null) return reject(new Error(`the server exited:\n${output}`));
      const healthy = await fetch(`${base}/healthz`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) return resolve(server);
      if (Date.now() > deadline) return reject(new Error(`the server did not start:\n${output}`));
      setTimeout(check, 250);
    };
    void check();
  });
}

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await pgServer.createDatabase("rewards_sigkill");
  database = await openPostgres(url);
  sink = await startMailgunSink();
  gate = await startFaultGate(() => sink.baseUrl);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    PATH: process.env.PATH,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    JWT_SECRET: "sigkill-secret-sigkill-secret-sigkill-secret-0123",
    // The mail config this test writes is sealed with the test key; the server must open it.
    SECRETS_KEY: testSecretsKeyText,
    LOG_LEVEL: "warn",
    MAILGUN_BASE_URL: gate.baseUrl,
    OUTBOUND_TIMEOUT_MS: String(timeoutMs),
  };
  child = await startServer();
}, 120_000);

afterAll(async () => {
  child?.kill("SIGKILL");
  await gate?.close();
  await sink?.close();
  await database?.close();
  await pgServer?.close();
});

const outboxRows = () => database.db.select().from(mailOutbox);

it("delivers every queued reward e-mail after a SIGKILL mid-send, none lost", async () => {
  const call = (method: string, path: string, body: object | undefined, token?: string) =>
    fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const registered = await call("POST", "/api/users/register", {
    fullName: "Kill Owner",
    username: "owner@sigkill.test",
    password: goodPassword,
    confirmPassword: goodPassword,
  });
  expect(registered.status).toBe(200);
  const { accessToken } = (await registered.json()) as { accessToken: string };
  const me = (await (await call("GET", "/api/profile/me", undefined, accessToken)).json()) as { _id: string };
  await seedDemoData(database.db, me._id, { users: 30, offers: 800, redeems: 30, seed: 9 });
  // Sent and Pending both hold the points: Pending ones are what an operator pays.
  await database.db.update(redeems).set({ status: 0 }).where(eq(redeems.status, 1));
  const mail = await call(
    "POST",
    "/api/setting/mailgun/",
    {
      mailgunDomain: "mg.kill.test",
      apiKey: "key-kill",
      fromEmail: "rewards@kill.test",
      supportEmail: "help@kill.test",
    },
    accessToken,
  );
  expect(mail.status).toBe(200);
  const pending = await database.db
    .select({ id: redeems.id })
    .from(redeems)
    .where(and(eq(redeems.adminId, me._id), eq(redeems.status, 0)))
    .limit(messageCount);
  expect(pending).toHaveLength(messageCount);

  // Mailgun takes the requests and holds them: the sends are in flight.
  gate.failAlways("hang");
  for (const [index, redeem] of pending.entries()) {
    const paid = await call(
      "PUT",
      `/api/redeem/sendReward/${redeem.id}`,
      {
        code: `KILL-${index}`,
        rewardName: "Gift Card",
        redeemEmail: `kill${index}@user.test`,
        subject: "Reward",
        text: "<p>Hi</p>",
      },
      accessToken,
    );
    expect(paid.status).toBe(200);
  }
  await expect
    .poll(() => gate.seen.filter((request) => request.outcome === "hung").length, {
      timeout: 10_000,
      interval: 20,
    })
    .toBeGreaterThanOrEqual(3);
  child?.kill("SIGKILL");
  await new Promise((resolve) => child?.once("exit", resolve));
  const atKill = await outboxRows();
  const inFlight = atKill.filter((row) => row.status === "sending").length;
  expect(atKill).toHaveLength(messageCount);
  expect(inFlight).toBeGreaterThan(0);
  expect(sink.received).toHaveLength(0);

  // Mailgun is well again and the server starts again: the dead process's claims lapse and are retried.
  gate.heal();
  const restartedAt = Date.now();
  child = await startServer();
  await expect
    .poll(
      async () =>
        (await outboxRows()).filter((row) => row.status === "sent" || row.status === "failed").length,
      {
        timeout: 12 * timeoutMs + 30_000,
        interval: 250,
      },
    )
    .toBe(messageCount);
  const settled = await outboxRows();
  console.info(
    `SIGKILL with ${inFlight} of ${messageCount} e-mails in flight; all settled ${Date.now() - restartedAt} ms ` +
      `after the restart: ${settled.filter((row) => row.status === "sent").length} sent`,
  );
  expect(settled.every((row) => row.status === "sent")).toBe(true);
  // Each delivered exactly once here (Mailgun never accepted a held request), traceable by its outbox id.
  const delivered = sink.received.map((received) => received.fields["v:outbox_id"]).sort();
  expect(delivered).toEqual(settled.map((row) => row.id).sort());
  expect(await ledgerMismatches(database.db)).toEqual([]);
  const stillClaimed = await database.db.execute(
    sql`select count(*)::int as n from mail_outbox where locked_until is not null`,
  );
  expect((stillClaimed as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
});
