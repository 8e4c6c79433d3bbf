import type { Config } from "../config.ts";
import { type Database, openPglite, openPostgres, type PostgresOptions } from "./client.ts";
import { lockDataDir } from "./data-dir-lock.ts";

/** Opens the configured database (locking PGlite's directory first) and applies migrations. */
export async function openConfiguredDatabase(
  config: Config,
  owner: string,
  postgresOptions: PostgresOptions = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, postgresOptions);
    await database.migrate();
    return database;
  }
  const release = lockDataDir(config.dataDir, owner);
  try {
    const database = await openPglite(`${config.dataDir}/pglite`);
    await database.migrate();
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
