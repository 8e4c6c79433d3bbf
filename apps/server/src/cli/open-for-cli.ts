import { loadConfig } from "../config.ts";
import { openConfiguredDatabase } from "../db/open.ts";

/** Opens the configured database for a command, with the same data-directory lock as the server. */
export async function openForCli(command: string) {
  try {
    return await openConfiguredDatabase(loadConfig(), `the '${command}' command`);
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
