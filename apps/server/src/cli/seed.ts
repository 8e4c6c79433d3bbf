import { createDemoOwner } from "../seed/demo-owner.ts";
import { openForCli } from "./open-for-cli.ts";

const usage = "Usage: npm run seed -- --demo";

/** Adds demo data to the configured database on purpose (DECISIONS "Start-up"). */
async function main(args: string[]): Promise<number> {
  if (!args.includes("--demo")) {
    console.error(usage);
    return 2;
  }
  const database = await openForCli("seed");
  try {
    const owner = await createDemoOwner(database.db);
    if (owner) {
      console.log(
        `Created the demo account ${owner.email} with the password ${owner.password} (shown once).`,
      );
    } else {
      console.log("The demo account already exists; its password is unchanged.");
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
