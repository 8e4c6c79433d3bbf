import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { admins } from "../db/schema/index.ts";
import { newId } from "../lib/ids.ts";
import { hashPassword } from "../lib/passwords.ts";
import { giveOwnApp } from "../modules/auth/index.ts";
import { countAdmins } from "./demo-owner.ts";
import { loadOffers } from "./scale-offers.ts";
import { loadRedeems } from "./scale-redeems.ts";
import { count, generator, type ScaleLoad, type ScaleProgress, timed } from "./scale-sql.ts";
import { loadUsers } from "./scale-users.ts";

export type { ScaleProgress } from "./scale-sql.ts";

/**
 * Bulk data for one administrator at benchmark scale (docs/performance.md): app users with devices and
 * referrals, completed offers over the last 90 days, redeems in every status, and every ledger row behind
 * them.
 *
 * Rows are made inside the database (INSERT … SELECT over generate_series, in batches), so nothing
 * crosses the wire but the statements. A user's attributes are pure functions of its number n (a seeded
 * hash), so an offer can name its user, and a user its referrer, without looking anything up. It all
 * runs in one transaction: an interrupted load leaves nothing behind, and the activity triggers it
 * disables come back on in every case.
 */

export type ScaleOptions = {
  users: number;
  offers: number;
  redeems: number;
  now?: Date;
  /** Another seed makes other (equally consistent) data. */
  seed?: number;
  /** Drop the tables' secondary indexes during the load and build them after (auto: when the load is bigger than the tables). */
  rebuildIndexes?: boolean | "auto";
  batchSize?: number;
};

export type ScaleResult = {
  users: number;
  devices: number;
  offers: number;
  redeems: number;
  ledgerRows: number;
  indexesRebuilt: boolean;
};

const loadedTables = ["app_users", "app_user_devices", "completed_offers", "points_ledger", "redeems"];
/** The triggers that keep rollups row by row: bulk loads turn them off and rebuild (a test loads that way too). */
export const activityTriggers = [
  ["app_users", "app_users_activity"],
  ["completed_offers", "completed_offers_rollups"],
  ["redeems", "redeems_activity"],
  ["points_ledger", "points_ledger_balances"],
  ["app_users", "app_users_analytics"],
  ["redeems", "redeems_analytics"],
  ["redeems", "redeems_pending_totals"],
  ["app_users", "app_users_list_buckets"],
  ["app_users", "app_users_list_buckets_update"],
  ["completed_offers", "completed_offers_list_buckets"],
  ["redeems", "redeems_list_buckets"],
  ["redeems", "redeems_payout_days"],
  ["completed_offers", "completed_offers_user_totals"],
] as const;

type IndexDefinition = { name: string; definition: string };

/** The loaded tables' indexes that no constraint owns (the primary keys stay: ids come in time order). */
async function secondaryIndexes(tx: Tx): Promise<IndexDefinition[]> {
  const result = await tx.execute(
    sql.raw(`select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      where t.relnamespace = 'public'::regnamespace and t.relname in (${loadedTables.map((t) => `'${t}'`).join(",")})
        and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
      order by t.relname, i.relname`),
  );
  return (result as unknown as { rows: IndexDefinition[] }).rows;
}

/** Fills the administrator's tenant; the administrator must exist and have no app users yet. */
export async function seedScaleData(
  db: Db,
  adminId: string,
  options: ScaleOptions,
  onProgress: (progress: ScaleProgress) => void = () => {},
): Promise<ScaleResult> {
  if (!/^[0-9a-f-]{36}$/i.test(adminId)) throw new Error("adminId must be a uuid");
  for (const key of ["users", "offers", "redeems"] as const) {
    if (!Number.isSafeInteger(options[key]) || options[key] < 0)
      throw new Error(`${key} must be a whole number`);
  }
  if (options.users < 1) throw new Error("users must be at least 1");
  if (options.users > 16_000_000)
    throw new Error("users must be at most 16,000,000 (refer codes are 6 hex digits)");
  const nowMs = (options.now ?? new Date()).getTime();
  const seed = options.seed ?? 2026;
  const batch = options.batchSize ?? 100_000;
  const g = generator({ users: options.users, offers: options.offers, seed, nowMs });
  const admin = `'${adminId}'::uuid`;

  return db.transaction(async (tx) => {
    const run = (query: string) => tx.execute(sql.raw(query));
    const existingUsers = await count(tx, `select count(*) from app_users where admin_id = ${admin}`);
    if (existingUsers > 0) throw new Error("this administrator already has app users; seed a new one");

    // Bulk loads are much faster into tables without their secondary indexes, built once at the end.
    const rowsNow = await count(
      tx,
      "select greatest(reltuples, 0)::bigint from pg_class where oid = 'completed_offers'::regclass",
    );
    const rebuild =
      options.rebuildIndexes === "auto" || options.rebuildIndexes === undefined
        ? options.offers > 100_000 && options.offers > rowsNow
        : options.rebuildIndexes;
    const indexes = rebuild ? await secondaryIndexes(tx) : [];
    if (rebuild) {
      await timed(`dropped ${indexes.length} secondary indexes`, onProgress, async () => {
        for (const index of indexes) await run(`drop index "${index.name}"`);
      });
    }
    // The 15-minute activity slots are rebuilt once at the end instead of one upsert per row. A superuser
    // turns this session's triggers off (replica role), foreign-key checks included: every reference is
    // made from the same numbering as its target (the tests check none dangles), and other sessions
    // keep their triggers. Otherwise the activity triggers are disabled on the tables until commit.
    const superuser =
      (await count(tx, "select count(*) from pg_roles where rolname = current_user and rolsuper")) > 0;
    if (superuser) await run("set local session_replication_role = replica");
    else
      for (const [table, trigger] of activityTriggers)
        await run(`alter table ${table} disable trigger ${trigger}`);

    const load: ScaleLoad = {
      run,
      count: (query) => count(tx, query),
      g,
      admin,
      seed,
      nowMs,
      batch,
      users: options.users,
      offers: options.offers,
      redeems: options.redeems,
      onProgress,
    };
    let phaseStarted = performance.now();
    const phaseDone = (step: string) => {
      onProgress({ kind: "step", step, seconds: (performance.now() - phaseStarted) / 1000 });
      phaseStarted = performance.now();
    };
    await loadUsers(load);
    phaseDone("loaded the users and their devices");
    await loadOffers(load);
    phaseDone("loaded the offers and their ledger rows");
    const redeemCount = await loadRedeems(load);
    phaseDone("loaded the redeems and their ledger rows");

    // Each balance is what the ledger says: earned, less what non-rejected redeems hold.
    await timed("set the balances from the ledger", onProgress, () =>
      run(`update app_users u set points = (e.earned - coalesce(h.held, 0))::int
        from scale_earned e left join (
          select user_id, sum(reward_cost) as held from redeems where admin_id = ${admin} and status <> 2 group by user_id
        ) h on h.user_id = e.user_id
        where u.id = e.user_id`),
    );
    if (rebuild) {
      await timed(`built ${indexes.length} secondary indexes`, onProgress, async () => {
        for (const index of indexes) await run(index.definition);
      });
    }
    await timed(
      "rebuilt the dashboard's activity slots, balance totals, payouts by day and users' offer totals",
      onProgress,
      async () => {
        await run(`select activity_rebuild(${admin})`);
        await run(`select balances_rebuild(${admin})`);
        await run(`select payout_days_rebuild(${admin})`);
        await run(`select user_offer_totals_rebuild(${admin})`);
      },
    );
    await timed("rebuilt the analytics rollups", onProgress, () => run(`select analytics_rebuild(${admin})`));
    await timed("rebuilt the lists' position index", onProgress, () =>
      run(`select list_buckets_rebuild(${admin})`),
    );
    if (superuser) await run("set local session_replication_role = origin");
    else
      for (const [table, trigger] of activityTriggers)
        await run(`alter table ${table} enable trigger ${trigger}`);

    return {
      users: options.users,
      devices: await count(tx, `select count(*) from app_user_devices where admin_id = ${admin}`),
      offers: options.offers,
      redeems: redeemCount,
      ledgerRows: await count(tx, `select count(*) from points_ledger where admin_id = ${admin}`),
      indexesRebuilt: rebuild,
    };
  });
}

/** Fresh statistics and visibility maps after a bulk load (outside the transaction: VACUUM needs that). */
export async function analyzeLoadedTables(db: Db) {
  await db.execute(
    sql.raw(
      `vacuum (analyze) ${[...loadedTables, "activity_buckets", "analytics_days", "analytics_reach"].join(", ")}`,
    ),
  );
}

/**
 * The administrator a scale load goes to: a new active account (the owner in an empty installation), so
 * the benchmark can sign in as it. Refuses an e-mail that is taken: a load never mixes into real data.
 */
export async function createScaleAdmin(db: Db, email: string, password: string): Promise<string> {
  const [taken] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, email));
  if (taken) throw new Error(`the administrator ${email} already exists: choose another with --email`);
  const id = newId();
  const isFirst = (await countAdmins(db)) === 0;
  await db.insert(admins).values({
    id,
    fullName: "Scale Test",
    username: email,
    passwordHash: await hashPassword(password),
    role: isFirst ? "owner" : "admin",
    status: "active",
  });
  await giveOwnApp(db, id);
  return id;
}
