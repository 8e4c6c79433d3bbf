import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../../src/db/client.ts";

const migrationsDir = fileURLToPath(new URL("../../src/db/migrations", import.meta.url));
const pglitePackage = fileURLToPath(new URL("../package.json", import.meta.resolve("@electric-sql/pglite")));

/** Names the template by everything that shapes it, so a changed migration or PGlite builds a new one. */
function templatePath(): string {
  const hash = createHash("sha256").update(readFileSync(pglitePackage));
  for (const name of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const path = join(migrationsDir, name);
    if (name.endsWith(".sql") || name.endsWith(".json")) hash.update(name).update(readFileSync(path));
  }
  return join(tmpdir(), `rewards-test-pglite-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

/**
 * A fresh in-memory PGlite. PGlite's own set-up costs about 1.5 s per test file, so the first file dumps a
 * migrated empty database and later ones start from that copy (about 0.3 s).
 */
async function openPgliteFromTemplate(): Promise<Database> {
  const path = templatePath();
  if (!existsSync(path)) {
    const database = await openPglite();
    await database.migrate();
    const dump = await database.dumpImage?.();
    if (dump) {
      // Written under a unique name and renamed, so files starting at once never read half a template.
      const partial = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path);
    }
    return database;
  }
  const database = await openPglite(undefined, new Blob([readFileSync(path)]));
  // The template is already migrated; running the migrator still proves it is current.
  await database.migrate();
  return database;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again on close), so the same suite runs on both.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPgliteFromTemplate();
  const scratch = await createScratchDatabase(serverUrl, "rewards_test");
  const database = await openPostgres(scratch.url);
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server of serverUrl: its URL, and a drop that ends its sessions. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
