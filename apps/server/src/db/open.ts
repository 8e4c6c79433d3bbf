import type { Config } from "../config.ts";
import { type Database, openPglite, openPostgres, type PostgresOptions } from "./client.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { prepareSecretsAtRest } from "./secrets-at-rest.ts";

/**
 * Opens the configured database (locking PGlite's directory first), applies migrations and loads the key
 * of the secrets encrypted at rest.
 */
export async function openConfiguredDatabase(
  config: Config,
  owner: string,
  postgresOptions: PostgresOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, {
      ...postgresOptions,
      poolSize: config.databasePoolSize,
    });
    try {
      await database.migrate();
      await prepareSecretsAtRest(database.db, config);
    } catch (error) {
      await database.close();
      throw error;
    }
    return database;
  }
  const release = lockDataDir(config.dataDir, owner);
  try {
    const database = await openPglite(`${config.dataDir}/pglite`);
    await database.migrate();
    await prepareSecretsAtRest(database.db, config).catch(async (error) => {
      await database.close();
      throw error;
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
