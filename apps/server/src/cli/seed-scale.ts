import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { eq } from "drizzle-orm";
import { admins } from "../db/schema/index.ts";
import { sealClearSecrets } from "../db/secrets-at-rest.ts";
import { seedDemoCatalog } from "../seed/demo-catalog.ts";
import {
  analyzeLoadedTables,
  createScaleAdmin,
  type ScaleProgress,
  seedScaleData,
} from "../seed/scale-data.ts";
import { openForCli } from "./open-for-cli.ts";

export const scaleUsage = `Usage: npm run seed -- --scale [--users N] [--offers N] [--redeems N]
                        [--email scale@rewards.local] [--password …] [--seed N] [--keep-indexes]

Fills a new administrator with app users (with devices), completed offers over 90 days, redeems and
their ledger rows, in the database of DATABASE_URL (or the embedded one, for small sizes).
Defaults: 1,000,000 users, 10,000,000 offers, 1,000,000 redeems.`;

const wholeNumber = (name: string, text: string | undefined, fallback: number) => {
  if (text === undefined) return fallback;
  const value = Number(text.replaceAll("_", "").replaceAll(",", ""));
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, not "${text}"`);
  return value;
};

/** `npm run seed -- --scale …`: the benchmark's data set (docs/performance.md). Answers the exit code. */
export async function seedScale(args: string[]): Promise<number> {
  let options: { users: number; offers: number; redeems: number; seed: number };
  let parsed: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args,
      options: {
        scale: { type: "boolean" },
        users: { type: "string" },
        offers: { type: "string" },
        redeems: { type: "string" },
        email: { type: "string", default: "scale@rewards.local" },
        password: { type: "string" },
        seed: { type: "string" },
        "keep-indexes": { type: "boolean", default: false },
      },
      strict: true,
    });
  try {
    parsed = parse();
    const { values } = parsed;
    options = {
      users: wholeNumber("users", values.users, 1_000_000),
      offers: wholeNumber("offers", values.offers, 10_000_000),
      redeems: wholeNumber("redeems", values.redeems, 1_000_000),
      seed: wholeNumber("seed", values.seed, 2026),
    };
    if (options.users < 1) throw new Error("--users must be at least 1");
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${scaleUsage}`);
    return 2;
  }
  const { values } = parsed;
  const password = values.password ?? `scale-${Math.random().toString(36).slice(2, 12)}-Pw`;
  const database = await openForCli("seed");
  if (database.driver === "pglite" && options.offers > 2_000_000) {
    console.error("The embedded database takes up to 2,000,000 offers; set DATABASE_URL for more.");
    await database.close();
    return 2;
  }
  const started = performance.now();
  const bar = new cliProgress.SingleBar(
    {
      format: " {phase} [{bar}] {percentage}% | {value}/{total} rows | {duration_formatted}",
      noTTYOutput: true,
      notTTYSchedule: 10_000,
    },
    cliProgress.Presets.shades_classic,
  );
  const total = options.users + options.offers + options.redeems;
  let base = { users: 0, offers: options.users, redeems: options.users + options.offers };
  let adminId: string | undefined;
  try {
    adminId = await createScaleAdmin(database.db, values.email, password);
    console.log(
      `Loading ${options.users.toLocaleString("en")} users, ${options.offers.toLocaleString("en")} offers and ` +
        `${options.redeems.toLocaleString("en")} redeems into ${values.email} (${database.driver}).`,
    );
    bar.start(total, 0, { phase: "users  " });
    const onProgress = (progress: ScaleProgress) => {
      if (progress.kind === "rows") {
        bar.update(base[progress.phase] + progress.done, { phase: progress.phase.padEnd(7) });
      } else {
        const value = bar.getProgress() * total;
        bar.stop();
        console.log(`  ${progress.step}: ${progress.seconds.toFixed(1)} s`);
        // Rows follow: the bar goes on from where it was.
        if (progress.step.startsWith("loaded the users")) bar.start(total, value, { phase: "offers " });
        if (progress.step.startsWith("chose")) bar.start(total, value, { phase: "redeems" });
      }
    };
    const result = await seedScaleData(
      database.db,
      adminId,
      {
        ...options,
        rebuildIndexes: values["keep-indexes"] ? false : "auto",
      },
      onProgress,
    );
    bar.stop();
    base = { users: 0, offers: 0, redeems: 0 };
    // The load writes the paid redeems' codes by SQL, in clear: sealed here, not at the server's next start.
    const sealStarted = performance.now();
    await sealClearSecrets(database.db);
    console.log(`  sealed the paid codes: ${((performance.now() - sealStarted) / 1000).toFixed(1)} s`);
    const analyzeStarted = performance.now();
    await analyzeLoadedTables(database.db);
    console.log(`  vacuum and analyze: ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s`);
    const catalog = await seedDemoCatalog(database.db, adminId);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `Done in ${seconds.toFixed(0)} s: ${result.users} users, ${result.devices} devices, ${result.offers} offers, ` +
        `${result.redeems} redeems, ${result.ledgerRows} ledger rows, ${catalog.countries} countries` +
        `${result.indexesRebuilt ? " (secondary indexes built after the load)" : ""}.`,
    );
    console.log(`Sign in as ${values.email} with the password ${password}`);
    return 0;
  } catch (error) {
    bar.stop();
    // The load is one transaction; the new administrator goes too, so a rerun can use the same e-mail.
    if (adminId) await database.db.delete(admins).where(eq(admins.id, adminId));
    console.error(`\nThe scale seed failed, nothing was added: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}
