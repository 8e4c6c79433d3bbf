import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { serverStatementLimits } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { openConfiguredDatabase } from "./db/open.ts";
import { openReadReplica, type ReadReplica } from "./db/read-replica.ts";
import { loadOrCreateJwtSecret } from "./lib/installation-secret.ts";
import { runWorkers } from "./process-cluster.ts";
import { countAdmins, createDemoOwner } from "./seed/demo-owner.ts";

const webRoot = fileURLToPath(new URL("../../web/dist", import.meta.url));

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  if (config.webConcurrency > 1) {
    if (!config.databaseUrl) {
      fail(
        `WEB_CONCURRENCY=${config.webConcurrency} asks for ${config.webConcurrency} server processes, and the embedded ` +
          "database serves one process only. Set DATABASE_URL to a PostgreSQL database, or unset WEB_CONCURRENCY.",
      );
    }
    if (cluster.isPrimary) return startCluster(config);
  }

  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config, "the Rewards Admin server", serverStatementLimits);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`Could not open the database: ${(error as Error).message}`);
  }
  const { db } = database;

  // The embedded database is for trying the product: an empty one gets the demo owner at once.
  // Against PostgreSQL the first registration becomes the owner instead (decision 0008).
  const wantsDemo = config.demoData === "auto" && database.driver === "pglite";
  const demo = wantsDemo && (await countAdmins(db)) === 0 ? await createDemoOwner(db) : null;
  if (demo) {
    // Imported only when seeding: the demo data's generator (faker and its locales) would otherwise stay in
    // every server process's memory.
    const { seedDemo } = await import("./seed/demo.ts");
    await seedDemo(db, demo.id);
  }

  // Never stops the start: while the replica does not answer, its reads go to the primary.
  const replica: ReadReplica | undefined = config.databaseReadUrl
    ? await openReadReplica(config.databaseReadUrl, db, { poolSize: config.databasePoolSize })
    : undefined;

  const app = await buildApp({
    db,
    ...(replica ? { readDb: replica.readDb, replicaStatus: replica.status } : {}),
    config,
    jwtSecret: config.jwtSecret ?? (await loadOrCreateJwtSecret(db)),
    webRoot,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
    // The demo install (embedded database with demo data) shows its API reference to anyone.
    apiDocs: wantsDemo ? "open" : "owner",
    logger: {
      level: config.logLevel,
      ...(process.stdout.isTTY
        ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } }
        : {}),
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close().catch((error) => app.log.error({ err: error }, "closing the server"));
    await replica?.close().catch((error) => app.log.error({ err: error }, "closing the read replica"));
    await database.close().catch((error) => app.log.error({ err: error }, "closing the database"));
    clearTimeout(force);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  replica?.setLog(app.log);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await replica?.close();
    await database.close();
    fail(`Could not listen on port ${config.port}: ${(error as Error).message}`);
  }

  const engine = database.driver === "pglite" ? `embedded PGlite in ${config.dataDir}` : "PostgreSQL";
  const lines = [`Rewards Admin is running at ${config.publicUrl} (database: ${engine})`];
  if (replica) {
    lines.push(
      replica.status().inUse
        ? "Analytics, exports and the dashboard read the replica DATABASE_READ_URL"
        : "The replica DATABASE_READ_URL does not answer: its reads go to the primary until it does",
    );
  }
  // Said at start, so an operator behind a proxy sees at once whether client addresses will be right.
  if (config.trustProxy === false) {
    lines.push(
      "Client addresses: the connection's own (X-Forwarded-* ignored; set TRUST_PROXY behind a proxy)",
    );
  } else if (typeof config.trustProxy === "number") {
    lines.push(
      `Client addresses: X-Forwarded-For behind ${config.trustProxy} proxy hop(s) on a private network`,
    );
  } else {
    lines.push(`Client addresses: X-Forwarded-For from the proxies ${config.trustProxy.join(", ")}`);
  }
  if (demo) {
    lines.push(
      "A demo owner account was created. Its password is shown only this once:",
      `  e-mail:   ${demo.email}`,
      `  password: ${demo.password}`,
    );
  }
  // Several processes: the first one speaks for all.
  if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`\n${lines.join("\n")}\n`);
}

/**
 * Settles what every process needs before any starts (migrations, the secrets key, the signing
 * secret), so that they do not race to create them, then runs the processes.
 */
async function startCluster(config: ReturnType<typeof loadConfig>) {
  try {
    const database = await openConfiguredDatabase(config, "the Rewards Admin server", serverStatementLimits);
    if (!config.jwtSecret) await loadOrCreateJwtSecret(database.db);
    await database.close();
  } catch (error) {
    fail(`Could not open the database: ${(error as Error).message}`);
  }
  console.log(`Starting ${config.webConcurrency} server processes on port ${config.port} (WEB_CONCURRENCY)`);
  runWorkers(config.webConcurrency, (line) => console.log(line));
}

await main();
