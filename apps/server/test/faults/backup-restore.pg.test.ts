import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { secretMask } from "@rewards/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { type Database, type Db, serverStatementLimits } from "../../src/db/client.ts";
import { openConfiguredDatabase } from "../../src/db/open.ts";
import { SecretsKeyError } from "../../src/db/secrets-at-rest.ts";
import { loadOrCreateJwtSecret } from "../../src/lib/installation-secret.ts";
import { seedDemoData } from "../../src/seed/demo-data.ts";
import { goodPassword } from "../support/auth-helpers.ts";
import { multipartBody, png, tinyPng } from "../support/multipart.ts";
import { testSecretsKeyText } from "../support/secrets-key.ts";
import { ledgerMismatches } from "../support/tenants.ts";
import { postgresBinDir, startPostgres, type TestPostgres } from "./postgres-server.ts";

// The backup procedure of docs/deploy.md, end to end on a real PostgreSQL: the app runs on a database
// and saves data of every kind (users, offers, ledger, audit, an uploaded image, a secret encrypted at
// rest); `pg_dump -Fc` backs it up; `pg_restore --no-owner` restores it into a fresh database; the app
// starts on that one with the same SECRETS_KEY, applies no migration, and everything is there.
const owner = "owner@backup.test";
const mailgun = {
  mailgunDomain: "mg.backup.test",
  apiKey: "key-backup-restore-7f3a",
  fromEmail: "rewards@backup.test",
  supportEmail: "help@backup.test",
};
const countedTables = [
  "admins",
  "app_users",
  "completed_offers",
  "redeems",
  "points_ledger",
  "audit_log",
  "uploads",
  "mail_configs",
  "app_settings",
];
// Whole rows, as text, hashed in id order: a restore that changed any value would change the digest.
const digestedTables = ["app_users", "completed_offers", "redeems", "points_ledger"];

let pgServer: TestPostgres;
let workDir: string;
const opened: { app: FastifyInstance; database: Database }[] = [];

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The server as server.ts builds it on PostgreSQL: migrations on open, the secrets key checked. */
async function startApp(url: string, secretsKey = testSecretsKeyText) {
  const config = loadConfig({
    DATABASE_URL: url,
    SECRETS_KEY: secretsKey,
    PUBLIC_URL: "http://rewards.test",
    LOG_LEVEL: "silent",
  });
  const database = await openConfiguredDatabase(config, "the backup test", serverStatementLimits);
  // No JWT_SECRET: the signing secret is the one generated into the database, as in production.
  const app = await buildApp({
    db: database.db,
    config,
    jwtSecret: config.jwtSecret ?? (await loadOrCreateJwtSecret(database.db)),
  });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  opened.push({ app, database });
  const call = (method: string, path: string, options: { body?: object; token?: string } = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.body ? { "content-type": "application/json" } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
  return { app, database, db: database.db, base, call };
}
type RunningApp = Awaited<ReturnType<typeof startApp>>;

/** A PostgreSQL client tool from FAULTS_PG_BIN; answers its stderr (warnings and errors). */
async function pgTool(tool: "pg_dump" | "pg_restore", args: string[]): Promise<string> {
  const { stderr } = await promisify(execFile)(join(postgresBinDir(), tool), args);
  return stderr;
}

/** A role that may log in (no superuser, no CREATEDB) and an empty database it owns; answers its URL. */
async function createOwnedDatabase(name: string, role: string): Promise<string> {
  const client = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${pgServer.port}/postgres`,
  });
  await client.connect();
  try {
    await client.query(`create role ${role} login`);
    await client.query(`create database ${name} owner ${role}`);
  } finally {
    await client.end();
  }
  return `postgres://${role}@127.0.0.1:${pgServer.port}/${name}`;
}

async function fingerprints(db: Db) {
  const counts: Record<string, number> = {};
  for (const table of countedTables) {
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = row?.n ?? -1;
  }
  const digests: Record<string, string> = {};
  for (const table of digestedTables) {
    const [row] = await rowsOf<{ digest: string }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest from ${sql.identifier(table)} t`,
    );
    digests[table] = row?.digest ?? "";
  }
  const [sums] = await rowsOf<{ points: string; pending: string; ledger: string }>(
    db,
    sql`select (select coalesce(sum(points), 0)::text from app_users) as points,
               (select coalesce(sum(pending_points), 0)::text from app_users) as pending,
               (select coalesce(sum(amount), 0)::text from points_ledger) as ledger`,
  );
  return { counts, digests, sums };
}

const appliedMigrations = (db: Db) =>
  rowsOf<{ id: number; hash: string; created_at: string }>(
    db,
    sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id`,
  );

async function signIn(running: RunningApp, password = goodPassword) {
  return running.call("POST", "/api/users/login", { body: { username: owner, password } });
}

beforeAll(async () => {
  pgServer = await startPostgres();
  workDir = mkdtempSync(join(tmpdir(), "rewards-backup-"));
}, 120_000);

afterAll(async () => {
  for (const { app, database } of opened.reverse()) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
  }
  await pgServer?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

it("restores a pg_dump into a fresh database: the app starts on it with every row, balance and secret", async () => {
  const started = Date.now();
  // 1. The app on its database, with data of every kind.
  const originalUrl = await pgServer.createDatabase("rewards_live");
  const live = await startApp(originalUrl);
  const registered = await live.call("POST", "/api/users/register", {
    body: {
      fullName: "Backup Owner",
      username: owner,
      password: goodPassword,
      confirmPassword: goodPassword,
    },
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  const { accessToken } = (await registered.json()) as { accessToken: string };
  const me = (await (await live.call("GET", "/api/profile/me", { token: accessToken })).json()) as {
    _id: string;
  };
  await seedDemoData(live.db, me._id, { users: 25, offers: 300, redeems: 10, seed: 23 });

  // Points moved through the ledger by the API: an admin adjustment (a ledger row, a balance, an audit row).
  const [user] = await rowsOf<{ id: string }>(live.db, sql`select id from app_users order by id limit 1`);
  const userId = user?.id ?? "";
  const before = (await (await live.call("GET", `/api/users/${userId}`, { token: accessToken })).json()) as {
    points: number;
    referCode: string;
    provision: number;
  };
  const adjusted = await live.call("PUT", `/api/users/${userId}`, {
    token: accessToken,
    body: {
      referCode: before.referCode,
      provision: before.provision,
      isVerfied: true,
      pointsDelta: 777,
      pointsReason: "Backup test",
    },
  });
  expect(adjusted.status, await adjusted.clone().text()).toBe(200);
  const balance = (await (await live.call("GET", `/api/users/${userId}`, { token: accessToken })).json()) as {
    points: number;
  };
  expect(balance.points).toBe(before.points + 777);

  // A secret encrypted at rest (the Mailgun key), and an uploaded image (kept in the database).
  const mail = await live.call("POST", "/api/setting/mailgun/", { token: accessToken, body: mailgun });
  expect(mail.status, await mail.clone().text()).toBe(200);
  const mailRead = await (
    await live.call("GET", `/api/setting/mailgun/${me._id}`, { token: accessToken })
  ).json();
  expect(mailRead).toMatchObject({ ...mailgun, apiKey: `${secretMask}7f3a` });
  const form = multipartBody(
    {
      appName: "Backup Quest",
      moto: "Play and earn",
      domain: "backup.example",
      sharingDomain: "share.backup.example",
      endpoint: "https://api.backup.example",
    },
    { logo: png(), favicon: png(tinyPng, "favicon.png") },
  );
  const identity = await fetch(`${live.base}/api/setting/`, {
    method: "POST",
    headers: { ...form.headers, authorization: `Bearer ${accessToken}` },
    body: form.payload,
  });
  expect(identity.status, await identity.clone().text()).toBe(200);
  const logoUrl = ((await identity.json()) as { setting: { logo: string } }).setting.logo;
  expect(logoUrl).toMatch(/^\/uploads\//);

  const expected = await fingerprints(live.db);
  const migrations = await appliedMigrations(live.db);
  expect(migrations.length).toBeGreaterThan(0);
  expect(expected.counts.points_ledger).toBeGreaterThan(0);
  expect(await ledgerMismatches(live.db)).toEqual([]);

  // 2. The backup, taken while the app runs (pg_dump reads one consistent snapshot).
  const dumpFile = join(workDir, "rewards.dump");
  const dumpStarted = Date.now();
  const dumpWarnings = await pgTool("pg_dump", ["--format=custom", `--file=${dumpFile}`, originalUrl]);
  expect(dumpWarnings).toBe("");
  expect(statSync(dumpFile).size).toBeGreaterThan(0);
  const dumpedAt = Date.now();

  // 3. The restore into a fresh, empty database on the "new server": owned by an ordinary role, which
  // restores the dump and then runs the app (--no-owner: every object becomes that role's).
  const restoredUrl = await createOwnedDatabase("rewards_restored", "rewards_app");
  const restoreStarted = Date.now();
  const restoreErrors = await pgTool("pg_restore", [
    "--no-owner",
    "--exit-on-error",
    `--dbname=${restoredUrl}`,
    dumpFile,
  ]);
  expect(restoreErrors).toBe("");
  const restoredAt = Date.now();

  // Without the original secrets key the restored database is refused, saying which key to use.
  await expect(startApp(restoredUrl, "another-secrets-key-another-secrets-key-0123")).rejects.toBeInstanceOf(
    SecretsKeyError,
  );

  // 4. The app on the restored database, with the same SECRETS_KEY.
  const restored = await startApp(restoredUrl);
  expect((await restored.call("GET", "/healthz")).status).toBe(200);
  expect((await restored.call("GET", "/readyz")).status).toBe(200);
  // Migrations were a no-op: drizzle's record is the original's, row for row.
  expect(await appliedMigrations(restored.db)).toEqual(migrations);
  expect(await fingerprints(restored.db)).toEqual(expected);
  expect(await ledgerMismatches(restored.db)).toEqual([]);
  // Every table is the restoring role's own, and the app runs as that role.
  const notOwned = await rowsOf<{ tablename: string }>(
    restored.db,
    sql`select tablename from pg_tables
        where schemaname in ('public', 'drizzle') and tableowner <> current_user`,
  );
  expect(notOwned).toEqual([]);

  // A token issued before the backup still works: the signing secret (sealed) and the session came along.
  expect((await restored.call("GET", "/api/profile/me", { token: accessToken })).status).toBe(200);
  // The owner signs in with the same password.
  const signedIn = await signIn(restored);
  expect(signedIn.status, await signedIn.clone().text()).toBe(200);
  const token = ((await signedIn.json()) as { accessToken: string }).accessToken;
  expect((await signIn(restored, "Wrong-Password-Entirely-99")).status).toBe(401);

  // The same balance through the API, the Mailgun key opened (and masked) with the same key, the image.
  const restoredUser = (await (await restored.call("GET", `/api/users/${userId}`, { token })).json()) as {
    points: number;
  };
  expect(restoredUser.points).toBe(balance.points);
  const restoredMail = await (await restored.call("GET", `/api/setting/mailgun/${me._id}`, { token })).json();
  expect(restoredMail).toEqual(mailRead);
  const [sealed] = await rowsOf<{ api_key: string }>(restored.db, sql`select api_key from mail_configs`);
  expect(sealed?.api_key).toMatch(/^enc:v1:/);
  const logo = await restored.call("GET", logoUrl);
  expect(logo.status).toBe(200);
  expect(Buffer.from(await logo.arrayBuffer()).equals(tinyPng)).toBe(true);

  console.info(
    `backup and restore: ${expected.counts.points_ledger} ledger rows, ${migrations.length} migrations; ` +
      `pg_dump ${dumpedAt - dumpStarted} ms (${statSync(dumpFile).size} bytes), pg_restore ${restoredAt - restoreStarted} ms, ` +
      `whole test ${Date.now() - started} ms`,
  );
});
