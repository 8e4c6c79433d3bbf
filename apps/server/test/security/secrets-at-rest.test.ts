import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client.ts";
import { admins, mailConfigs, networkConfigs, pushConfigs } from "../../src/db/schema/index.ts";
import {
  clearSecretsBatch,
  encryptedColumns,
  prepareSecretsAtRest,
  SecretsKeyError,
} from "../../src/db/secrets-at-rest.ts";
import { newId } from "../../src/lib/ids.ts";
import { loadOrCreateJwtSecret } from "../../src/lib/installation-secret.ts";
import {
  isSealed,
  keyFromText,
  openColumnSecret,
  openSecret,
  SecretKeyMismatchError,
  sealSecret,
  useSecretsKey,
} from "../../src/lib/secret-box.ts";
import { testSecretsKey } from "../support/secrets-key.ts";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
let a: Tenant;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "rewards-secrets-"));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  t = await startTestApp();
  ({ a } = await twoTenants(t.app));
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every row of every table of the database as text: what a dump or a stolen backup shows. */
async function dumpEverything(db: Db): Promise<string> {
  const tables = await db.execute(
    sql`select schemaname, tablename from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  let dump = "";
  for (const { schemaname, tablename } of (
    tables as unknown as { rows: { schemaname: string; tablename: string }[] }
  ).rows) {
    const rows = await db.execute(
      sql`select row_to_json(x)::text as line from ${sql.identifier(schemaname)}.${sql.identifier(tablename)} x`,
    );
    for (const row of (rows as unknown as { rows: { line: string }[] }).rows) dump += `${row.line}\n`;
  }
  return dump;
}

const send = (method: "POST" | "PUT", url: string, payload: object) =>
  t.app.inject({ method, url, headers: a.headers, payload });

describe("secrets at rest: a database dump alone reveals none of them", () => {
  it("seals network secrets, the Mailgun key, social secrets, the push key, TOTP seeds and the JWT secret", async () => {
    const secrets = {
      adgem: "adgem-ios-postback-key-7f3a91",
      adgemAndroid: "adgem-android-postback-key-2b8c44",
      cpxToken: "cpx-security-hash-5d1e09a7",
      ipdata: "ipdata-api-key-93c0b7e21f",
      mailgun: "mailgun-key-0a9b8c7d6e5f",
      facebook: "facebook-app-secret-4e3d2c1b",
      pushKey:
        "-----BEGIN PRIVATE KEY-----\\nMIIE-fake-private-key-material-71c2\\n-----END PRIVATE KEY-----\\n",
      totp: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      pendingTotp: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
      tremendousKey: "tremendous-api-key-6a5b4c3d",
      tremendousWebhook: "tremendous-webhook-key-9e8f7a6b",
    };
    const saves = [
      await send("POST", "/api/network/", {
        network: "adgemow",
        appId: "12345",
        postbackSecret: secrets.adgem,
        postbackSecretAndroid: secrets.adgemAndroid,
        provision: 0.5,
        iosEnable: 1,
        androidEnable: 1,
      }),
      await send("POST", "/api/network/", {
        network: "cpxresearch",
        appId: "777",
        appToken: secrets.cpxToken,
        provision: 0.5,
        iosEnable: 1,
        androidEnable: 0,
      }),
      await send("POST", "/api/network/", { network: "ipdata", appId: secrets.ipdata, provision: 1 }),
      await send("POST", "/api/setting/mailgun/", {
        mailgunDomain: "mg.tenant.test",
        apiKey: secrets.mailgun,
        fromEmail: "rewards@tenant.test",
        supportEmail: "support@tenant.test",
      }),
      await send("POST", "/api/setting/social/", {
        name: "facebook",
        appId: "fb-123",
        appSecret: secrets.facebook,
        appPage: "https://facebook.com/rewards",
        shareText: "Join me",
      }),
      await send("PUT", "/api/payouts/settings", {
        paused: false,
        approvalAbove: null,
        tremendous: {
          apiKey: secrets.tremendousKey,
          baseUrl: "https://testflight.tremendous.com/api/v2",
          fundingSourceId: "FUNDING-1",
          webhookPrivateKey: secrets.tremendousWebhook,
        },
      }),
    ];
    for (const saved of saves) expect(saved.statusCode, saved.body).toBe(200);
    await t.db.insert(pushConfigs).values({
      id: newId(),
      adminId: a.id,
      serviceAccountKey: JSON.stringify({ private_key: secrets.pushKey }),
      projectId: "demo-project",
      clientEmail: "push@demo-project.iam.gserviceaccount.com",
    });
    await t.db
      .update(admins)
      .set({ mfaSecret: secrets.totp, mfaPendingSecret: secrets.pendingTotp })
      .where(eq(admins.id, a.id));
    const jwtSecret = await loadOrCreateJwtSecret(t.db);

    const dump = await dumpEverything(t.db);
    for (const [name, value] of Object.entries({ ...secrets, jwtSecret })) {
      const needle = name === "pushKey" ? "fake-private-key-material-71c2" : value;
      expect(dump.includes(needle), `${name} is in the dump`).toBe(false);
    }

    // Through the application they read as they were saved.
    const [adgem] = await t.db.select().from(networkConfigs).where(eq(networkConfigs.network, "adgemow"));
    expect(adgem?.postbackSecret).toBe(secrets.adgem);
    const [mail] = await t.db.select().from(mailConfigs).where(eq(mailConfigs.adminId, a.id));
    expect(mail?.apiKey).toBe(secrets.mailgun);
    expect(await loadOrCreateJwtSecret(t.db)).toBe(jwtSecret);
  });

  it("finds every encrypted column from the schema", () => {
    const names = encryptedColumns().map(({ table, column }) => `${table}.${column}`);
    expect(names.sort()).toEqual(
      [
        "admins.mfa_pending_secret",
        "admins.mfa_secret",
        "mail_configs.api_key",
        "mail_outbox.html",
        "mail_outbox.text",
        "network_configs.app_id",
        "network_configs.app_token",
        "network_configs.postback_secret",
        "network_configs.postback_secret_android",
        "payout_settings.tremendous_api_key",
        "payout_settings.tremendous_webhook_private_key",
        "push_configs.service_account_key",
        "redeems.code",
        "reward_codes.code",
        "reward_codes.pin",
        "social_configs.app_secret",
      ].sort(),
    );
  });

  it("seals secrets an earlier version stored in clear, once, and keeps them readable", async () => {
    const id = newId();
    await t.db.execute(
      sql`insert into network_configs (id, admin_id, network, app_id, postback_secret)
          values (${id}, ${a.id}, 'lootably', 'placement-1', 'clear-lootably-secret-1234')`,
    );
    await t.db.execute(
      sql`update installation_settings set value = 'clear-jwt-secret-from-an-old-version-0123456789'
          where key = 'jwt_secret'`,
    );
    // A queued mail whose text alone is in clear (its html empty): found through the second arm of its
    // table's index.
    const mailId = newId();
    await t.db.execute(
      sql`insert into mail_outbox (id, admin_id, to_address, subject, html, text)
          values (${mailId}, ${a.id}, 'user@example.com', 'Your reward', '',
            'clear-mail-text-with-code-ABCD-1234')`,
    );
    const dataDir = tempDir();
    await prepareSecretsAtRest(t.db, { secretsKey: undefined, dataDir });
    const mail = await t.db.execute(sql`select html, text from mail_outbox where id = ${mailId}`);
    const [mailRow] = (mail as unknown as { rows: { html: string; text: string }[] }).rows;
    expect(isSealed(mailRow?.text ?? "")).toBe(true);
    expect(openSecret(mailRow?.text ?? "")).toBe("clear-mail-text-with-code-ABCD-1234");
    expect(mailRow?.html).toBe("");
    const raw = await t.db.execute(sql`select postback_secret, app_id from network_configs where id = ${id}`);
    const [row] = (raw as unknown as { rows: { postback_secret: string; app_id: string }[] }).rows;
    expect(isSealed(row?.postback_secret ?? "")).toBe(true);
    expect(isSealed(row?.app_id ?? "")).toBe(true);
    const [read] = await t.db.select().from(networkConfigs).where(eq(networkConfigs.id, id));
    expect(read?.postbackSecret).toBe("clear-lootably-secret-1234");
    expect(await loadOrCreateJwtSecret(t.db)).toBe("clear-jwt-secret-from-an-old-version-0123456789");
    expect(await dumpEverything(t.db)).not.toContain("clear-jwt-secret-from-an-old-version");
    // The generated key file is readable by its owner only.
    expect(statSync(join(dataDir, "secrets.key")).mode & 0o077).toBe(0);

    // Another key now refuses to start, naming what to do, instead of reading garbage.
    await expect(
      prepareSecretsAtRest(t.db, {
        secretsKey: "another-key-another-key-another-key-0000",
        dataDir: tempDir(),
      }),
    ).rejects.toBeInstanceOf(SecretsKeyError);
    // The same key from the file starts again.
    await prepareSecretsAtRest(t.db, { secretsKey: undefined, dataDir });
    useSecretsKey(testSecretsKey);
  });

  it("finds secrets in clear through an index on every table that grows with use, not by reading it all", async () => {
    // The settings tables hold a row per app or operator: read whole, they cost a start nothing.
    const settingsTables = [
      "admins",
      "mail_configs",
      "network_configs",
      "payout_settings",
      "push_configs",
      "social_configs",
    ];
    const growing = encryptedColumns().filter(({ table }) => !settingsTables.includes(table));
    expect(new Set(growing.map(({ table }) => table))).toEqual(
      new Set(["mail_outbox", "redeems", "reward_codes"]),
    );
    for (const column of growing) {
      const plan = await t.db.transaction(async (tx) => {
        // A small test table would be read whole anyway: with sequential scans off, the plan shows whether
        // an index can serve the batch.
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain ${clearSecretsBatch(column)}`);
      });
      const lines = (plan as unknown as { rows: { "QUERY PLAN": string }[] }).rows.map(
        (row) => row["QUERY PLAN"],
      );
      expect(lines.join("\n"), `${column.table}.${column.column}`).toContain(
        `${column.table}_clear_secrets_idx`,
      );
    }
  });

  it("remembers an opened secret under its key only: another key refuses the same sealed text", () => {
    const sealed = sealSecret("remembered-network-secret-42", testSecretsKey);
    expect(openColumnSecret(sealed)).toBe("remembered-network-secret-42");
    expect(openColumnSecret(sealed)).toBe("remembered-network-secret-42");
    // Opened and remembered under the test key; under another one it must not open, remembered or not.
    useSecretsKey(keyFromText("another-key-another-key-another-key-0000"));
    try {
      expect(() => openColumnSecret(sealed)).toThrow(SecretKeyMismatchError);
    } finally {
      useSecretsKey(testSecretsKey);
    }
    expect(openColumnSecret(sealed)).toBe("remembered-network-secret-42");
  });
});
