import { eq } from "drizzle-orm";
import { admins, appUsers } from "../db/schema/index.ts";
import { seedDemoData } from "../seed/demo-data.ts";
import { createDemoOwner, demoOwnerEmail } from "../seed/demo-owner.ts";
import { openForCli } from "./open-for-cli.ts";

const usage = "Usage: npm run seed -- --demo";

/**
 * Adds the demo account and its demo data to the configured database on purpose (DECISIONS "Start-up").
 * Running it again adds nothing: the demo account's data is made once.
 */
async function main(args: string[]): Promise<number> {
  if (!args.includes("--demo")) {
    console.error(usage);
    return 2;
  }
  const database = await openForCli("seed");
  const { db } = database;
  try {
    const created = await createDemoOwner(db);
    if (created) {
      console.log(
        `Created the demo account ${created.email} with the password ${created.password} (shown once).`,
      );
    }
    const [demo] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, demoOwnerEmail));
    if (!demo) throw new Error("the demo account is missing after creating it");
    const [anyUser] = await db
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(eq(appUsers.adminId, demo.id))
      .limit(1);
    if (anyUser) {
      console.log(`${demoOwnerEmail} already has demo data; nothing added.`);
      return 0;
    }
    const counts = await seedDemoData(db, demo.id);
    console.log(
      `Added demo data to ${demoOwnerEmail}: ${counts.users} app users, ${counts.offers} completed offers, ${counts.redeems} redeems, ${counts.ledgerRows} ledger rows.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
