import { eq } from "drizzle-orm";
import { admins } from "../db/schema/index.ts";
import { seedDemo } from "../seed/demo.ts";
import { createDemoOwner, demoOwnerEmail } from "../seed/demo-owner.ts";
import { openForCli } from "./open-for-cli.ts";
import { scaleUsage, seedScale } from "./seed-scale.ts";

const usage = `Usage: npm run seed -- --demo\n       npm run seed -- --scale (--help for its options)`;

/**
 * Adds the demo account and its demo data to the configured database on purpose (decision 0008).
 * Running it again adds nothing: each part of the demo data is made once.
 */
async function main(args: string[]): Promise<number> {
  if (args.includes("--scale")) {
    if (args.includes("--help")) {
      console.log(scaleUsage);
      return 0;
    }
    return seedScale(args);
  }
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
    const { data, catalog } = await seedDemo(db, demo.id);
    if (data) {
      console.log(
        `Added demo data to ${demoOwnerEmail}: ${data.users} app users, ${data.offers} completed offers, ` +
          `${data.redeems} redeems, ${data.ledgerRows} ledger rows.`,
      );
    }
    if (catalog.countries > 0) {
      console.log(
        `Added the demo reward catalog: ${catalog.countries} countries, ${catalog.rewards} rewards, ` +
          `${catalog.rewardItems} reward items.`,
      );
    }
    if (!data && catalog.countries === 0)
      console.log(`${demoOwnerEmail} already has its demo data; nothing added.`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
