import { getTableColumns, getTableName, is, sql, Table } from "drizzle-orm";
import type { Config } from "../config.ts";
import {
  isSealed,
  loadSecretsKey,
  openSecret,
  SecretKeyMismatchError,
  sealSecret,
  storedInClear,
  useSecretsKey,
} from "../lib/secret-box.ts";
import type { Db } from "./client.ts";
import * as schema from "./schema/index.ts";
import { installationSettings } from "./schema/index.ts";

/** Every column declared with encryptedText, found from the schema so a new one is never missed. */
export function encryptedColumns(): { table: string; column: string }[] {
  const found: { table: string; column: string }[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, Table)) continue;
    for (const column of Object.values(getTableColumns(value))) {
      if (column.columnType !== "PgCustomColumn") continue;
      const probe = column.mapToDriverValue("probe");
      if (typeof probe === "string" && isSealed(probe)) {
        found.push({ table: getTableName(value), column: column.name });
      }
    }
  }
  return found;
}

const keyCheckName = "secrets_key_check";
const keyCheckText = "rewards-admin secrets key";

export class SecretsKeyError extends Error {}

/**
 * Loads the secrets key, proves it is the one this database was sealed with (a sealed known text kept in
 * installation_settings), and seals any secret still stored in clear (written before encryption at rest
 * existed). Safe to run at every start and from several processes at once.
 */
export async function prepareSecretsAtRest(db: Db, config: Pick<Config, "secretsKey" | "dataDir">) {
  const { key, source, path } = loadSecretsKey(config);
  await db
    .insert(installationSettings)
    .values({ key: keyCheckName, value: sealSecret(keyCheckText, key) })
    .onConflictDoNothing();
  const [check] = await db
    .select({ value: installationSettings.value })
    .from(installationSettings)
    .where(sql`${installationSettings.key} = ${keyCheckName}`);
  try {
    if (!check || openSecret(check.value, key) !== keyCheckText) throw new SecretKeyMismatchError();
  } catch (error) {
    if (!(error instanceof SecretKeyMismatchError)) throw error;
    const from = source === "environment" ? "SECRETS_KEY" : `the key file ${path}`;
    throw new SecretsKeyError(
      `The secrets key from ${from} is not the one this database's secrets were encrypted with. ` +
        "Start with the original SECRETS_KEY (or the original DATA_DIR/secrets.key).",
    );
  }
  useSecretsKey(key);
  await sealClearSecrets(db);
}

// Values sealed per statement: each row binds three parameters.
const sealBatch = 1000;

/** The next batch of a column's values still in clear, each with where its row is. */
export const clearSecretsBatch = ({ table, column }: { table: string; column: string }) =>
  sql`select ctid::text as at, ${sql.identifier(column)} as value from ${sql.identifier(table)}
      where ${storedInClear(sql.identifier(column))} limit ${sealBatch}`;

/**
 * Seals every value still stored in clear in an encrypted column: written before its column was
 * encrypted, or loaded by SQL (the scale seed). A batch of rows is read, sealed here (the key never
 * reaches the database) and written back in one statement, each row only if it is still the clear value
 * read (another process starting at the same time may have sealed it already). Needs the key in use.
 * The tables that grow with use (redeems, their queued mail, the code stock) keep a partial index of
 * their rows in clear, empty once sealed, so this check costs every start an index probe, not a read of
 * every row; the settings tables hold a row per app.
 */
export async function sealClearSecrets(db: Db): Promise<void> {
  for (const encrypted of encryptedColumns()) {
    const target = sql.identifier(encrypted.table);
    const field = sql.identifier(encrypted.column);
    for (;;) {
      const result = await db.execute(clearSecretsBatch(encrypted));
      const rows = (result as unknown as { rows: { at: string; value: string }[] }).rows;
      if (rows.length === 0) break;
      const sealed = rows.map((row) => sql`(${row.at}::tid, ${row.value}, ${sealSecret(row.value)})`);
      await db.execute(
        sql`update ${target} set ${field} = clear.sealed
            from (values ${sql.join(sealed, sql`, `)}) as clear(at, value, sealed)
            where ${target}.ctid = clear.at and ${target}.${field} = clear.value`,
      );
      if (rows.length < sealBatch) break;
    }
  }
}
