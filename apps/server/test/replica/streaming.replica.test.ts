import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres, serverStatementLimits } from "../../src/db/client.ts";
import { foldOfferRollups } from "../../src/db/offer-rollups.ts";
import { openReadReplica, type ReadReplica } from "../../src/db/read-replica.ts";
import { appUsers, auditLog } from "../../src/db/schema/index.ts";
import { createScratchDatabase } from "../support/test-database.ts";
import { walInsertPosition } from "../support/wal.ts";
import {
  addEarners,
  metricValue,
  ownerOf,
  readFigures,
  startRelay,
  startReplicaApp,
  viaPort,
  waitFor,
} from "./read-database.ts";

// A real streaming replica: .ci/run makes it with pg_basebackup -R from the PostgreSQL of
// TEST_DATABASE_URL and starts it at TEST_DATABASE_READ_URL (hot standby). The app writes on the primary
// and reads analytics, exports and the dashboard from the standby, reached through a TCP relay that the
// last test cuts and restores.

const primaryServer = process.env.TEST_DATABASE_URL;
const replicaServer = process.env.TEST_DATABASE_READ_URL;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let primary: Database;
let relay: Awaited<ReturnType<typeof startRelay>>;
let replica: ReadReplica;
let control: pg.Client;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof ownerOf>>;

const countOn = async (db: Database["db"], appId: string) => db.$count(appUsers, eq(appUsers.adminId, appId));
/** The app's offers in the dashboard's totals: what the folds of the offers' changes have added up. */
const foldedOffersOn = async (db: Database["db"], appId: string) =>
  Number(
    (
      (await db.execute(
        sql`select coalesce(sum(offers), 0)::int as n from activity_totals where admin_id = ${appId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n,
  );

beforeAll(async () => {
  if (!primaryServer || !replicaServer) {
    throw new Error(
      "TEST_DATABASE_URL (the primary) and TEST_DATABASE_READ_URL (its streaming replica) must be set: .ci/run sets them",
    );
  }
  scratch = await createScratchDatabase(primaryServer, "rewards_replica");
  primary = await openPostgres(scratch.url, serverStatementLimits);
  await primary.migrate();
  // Where the primary's WAL stands once the tables exist: the standby must have replayed up to it.
  const migrated = await walInsertPosition(primary.db);
  const replicaUrl = new URL(replicaServer);
  replicaUrl.pathname = `/${scratch.name}`;
  // A superuser session on the standby itself, to pause and resume its replay.
  control = new pg.Client({ connectionString: replicaUrl.toString() });
  await waitFor("the new database on the standby", async () =>
    control.connect().then(
      () => true,
      () => {
        control = new pg.Client({ connectionString: replicaUrl.toString() });
        return false;
      },
    ),
  );
  // The database can show on the standby before its tables do (a CI run's tests found no app_users).
  await waitFor("the standby to replay the migrations", async () => {
    const replayed = await control.query<{ caught: boolean }>(
      "select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught",
      [migrated],
    );
    return replayed.rows[0]?.caught === true;
  });
  relay = await startRelay(replicaUrl.toString());
  replica = await openReadReplica(viaPort(replicaUrl.toString(), relay.port()), primary.db, { checkMs: 200 });
  app = await startReplicaApp(primary.db, replica.readDb, replica.status);
  owner = await ownerOf(app);
});

afterAll(async () => {
  await control?.query("select pg_wal_replay_resume()").catch(() => {});
  await control?.end().catch(() => {});
  await app?.close();
  await replica?.close();
  await relay?.close();
  await primary?.close();
  await scratch?.drop();
});

describe("a streaming replica", () => {
  it("is a hot standby, and the reads use it", async () => {
    const standby = (await replica.readDb.execute(sql`select pg_is_in_recovery() as standby`)) as unknown as {
      rows: { standby: boolean }[];
    };
    expect(standby.rows[0]?.standby).toBe(true);
    expect(replica.status().inUse).toBe(true);
    expect(await metricValue(app, "db_replica_in_use")).toBe(1);
  });

  it("answers what the primary wrote once the standby has replayed it", async () => {
    await addEarners(primary.db, owner.appId, 3, "streamed");
    const started = Date.now();
    await waitFor(
      "the standby to replay the new users",
      async () => (await countOn(replica.readDb, owner.appId)) === 3,
    );
    console.log(`replayed on the standby ${Date.now() - started} ms after the commit`);
    // The offers reach the dashboard's rollups with a fold on the primary (each read folds there, and a
    // worker every second), which the standby then replays like any other write.
    await foldOfferRollups(primary.db);
    await waitFor(
      "the standby to replay the fold",
      async () => (await foldedOffersOn(replica.readDb, owner.appId)) === 3,
    );
    const figures = await readFigures(app, owner.headers);
    expect(figures).toMatchObject({
      dashboardUsers: 3,
      dashboardOffers: 3,
      analyticsConversions: 3,
      analyticsNewUsers: 3,
      exportedRows: 3,
    });
    // The export's audit entry went to the primary (the standby refuses writes).
    expect(await primary.db.$count(auditLog, eq(auditLog.action, "export.run"))).toBe(1);
  });

  it("answers the standby's figures, not the primary's, while its replay is paused", async () => {
    await control.query("select pg_wal_replay_pause()");
    await addEarners(primary.db, owner.appId, 2, "paused");
    expect(await countOn(primary.db, owner.appId)).toBe(5);
    const behind = await readFigures(app, owner.headers);
    expect(behind).toMatchObject({ dashboardUsers: 3, analyticsNewUsers: 3, exportedRows: 3 });
    // Received but not replayed: the lag is the time since the last replayed commit.
    await waitFor("the lag to show", async () => {
      await replica.check();
      return (replica.status().lagSeconds ?? 0) > 0;
    });
    expect(await metricValue(app, "db_replica_lag_seconds")).toBeGreaterThan(0);

    await control.query("select pg_wal_replay_resume()");
    await waitFor("the standby to catch up", async () => (await countOn(replica.readDb, owner.appId)) === 5);
    expect(await readFigures(app, owner.headers)).toMatchObject({ dashboardUsers: 5, exportedRows: 5 });
    await waitFor("the lag to return to 0", async () => {
      await replica.check();
      return replica.status().lagSeconds === 0;
    });
  });

  it("falls back to the primary while the standby cannot be reached, and returns to it", async () => {
    await relay.down();
    await waitFor("the reads to leave the standby", async () => !replica.status().inUse);
    // Written while the standby is away: only the primary can answer it.
    await addEarners(primary.db, owner.appId, 1, "away");
    expect(await readFigures(app, owner.headers)).toMatchObject({ dashboardUsers: 6, exportedRows: 6 });
    expect(await metricValue(app, "db_replica_in_use")).toBe(0);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

    await relay.up();
    await waitFor("the reads to return to the standby", async () => replica.status().inUse);
    await waitFor(
      "the standby to replay the row",
      async () => (await countOn(replica.readDb, owner.appId)) === 6,
    );
    await control.query("select pg_wal_replay_pause()");
    await addEarners(primary.db, owner.appId, 1, "after");
    // Paused again: 6 from the standby shows the reads are its, not the primary's 7.
    expect(await readFigures(app, owner.headers)).toMatchObject({ dashboardUsers: 6, exportedRows: 6 });
    await control.query("select pg_wal_replay_resume()");
  });
});
