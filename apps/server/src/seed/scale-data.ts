import { offerNetworks } from "@rewards/contract";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.ts";
import { admins } from "../db/schema/index.ts";
import { newId } from "../lib/ids.ts";
import { hashPassword } from "../lib/passwords.ts";
import { countAdmins } from "./demo-owner.ts";

/**
 * Bulk data for one administrator at benchmark scale (issue 10): app users with devices and referrals,
 * completed offers over the last 90 days, redeems in every status, and every ledger row behind them.
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

export type ScaleProgress =
  | { kind: "rows"; phase: "users" | "offers" | "redeems"; done: number }
  | { kind: "step"; step: string; seconds: number };

export type ScaleResult = {
  users: number;
  devices: number;
  offers: number;
  redeems: number;
  ledgerRows: number;
  indexesRebuilt: boolean;
};

const day = 86_400_000;
const historyDays = 90;
const loadedTables = ["app_users", "app_user_devices", "completed_offers", "points_ledger", "redeems"];
const activityTriggers = [
  ["app_users", "app_users_activity"],
  ["completed_offers", "completed_offers_activity"],
  ["redeems", "redeems_activity"],
] as const;

// The demo's figures (SPEC 9 defaults): ratio 1000, a 50% network share, referrers get 25%.
const pointsPerDollar = 500;
const referralShare = 0.25;
const countries = ["US", "GB", "DE", "FR", "CA", "IN", "BR", "ES", "IT", "NL", "PH", "ID", "MX", "AU", "TR"];
// Names are put together from syllables (about 1,600 first and 16,000 last names), so e-mail addresses
// vary about as much as real ones do: a trigram index over a dozen names would be unrealistically poor.
const syllables = [
  "an",
  "be",
  "ca",
  "da",
  "el",
  "fa",
  "go",
  "ha",
  "is",
  "jo",
  "ka",
  "li",
  "ma",
  "ne",
  "ol",
  "pa",
  "qui",
  "ro",
  "sa",
  "ti",
  "ul",
  "va",
  "wi",
  "xa",
  "yo",
  "ze",
  "mar",
  "lin",
  "ser",
  "tor",
  "ben",
  "del",
  "kim",
  "lou",
  "nor",
  "ric",
  "sol",
  "tam",
  "vin",
  "zor",
];
const domains = ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "proton.me", "web.de", "mail.ru"];
const offerNames = [
  "Install Raid: Shadow Legends and reach level 10",
  "Complete a 5-minute survey",
  "Sign up for a free trial of StreamPlus",
  "Play Coin Master until village 5",
  "Download and open the TikTok app",
  "Reach level 20 in Merge Dragons",
  "Watch 3 videos",
  "Complete the daily profiler",
];
const giftCards = [
  ["PayPal", "$1", 1000],
  ["Amazon Gift Card", "$2", 2000],
  ["Google Play", "$3", 3000],
  ["Amazon Gift Card", "$5", 5000],
  ["Amazon Gift Card", "$10", 10000],
  ["PayPal", "$5", 5200],
  ["Google Play", "$10", 10000],
  ["Apple Gift Card", "$10", 10000],
  ["Steam Wallet", "$20", 20000],
] as const;
const cheapestCard = 1000;
const deviceNames = ["Pixel 8", "Galaxy S23", "Redmi Note 12", "iPhone 14", "iPhone 15 Pro", "Moto G84"];

const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
/** One element of a literal array, chosen by an integer expression. */
const pick = (values: readonly string[], index: string) =>
  `(${textArray(values)})[1 + ((${index}) % ${values.length})]`;

/** SQL text of the generator, for one seed and one moment. */
function generator(options: Required<Pick<ScaleOptions, "users" | "offers" | "seed">> & { nowMs: number }) {
  const { users, seed, nowMs } = options;
  const startMs = nowMs - historyDays * day;
  const userStep = Math.floor((historyDays * day - 3_600_000) / users);
  /** A 64-bit hash of n in stream k: the same n and k give the same value for the same seed. */
  const hash = (n: string, k: number) => `hashint8extended((${n})::bigint, ${seed * 100 + k})`;
  /** A number in [0, 1) from n in stream k. */
  const rand = (n: string, k: number) => `((${hash(n, k)} & 9007199254740991)::float8 / 9007199254740992.0)`;
  /** A time-ordered id (UUID version 7 layout) for a moment in milliseconds, its random part from n. */
  const timeId = (ms: string, n: string, k: number) =>
    `(lpad(to_hex((${ms})::bigint), 12, '0') || '7' || lpad(to_hex(${hash(n, k)} & 4095), 3, '0') || ` +
    `to_hex(8 + (${hash(n, k + 1)} & 3)) || lpad(to_hex(${hash(n, k + 2)} & 1152921504606846975), 15, '0'))::uuid`;
  /** Like timeId, with a random part from the database's generator (rows nobody refers to by number). */
  const randomTimeId = (ms: string) =>
    `overlay(replace(gen_random_uuid()::text, '-', '') placing lpad(to_hex((${ms})::bigint), 12, '0') || '7' from 1 for 13)::uuid`;
  const at = (ms: string) => `to_timestamp((${ms})::float8 / 1000)`;

  const user = {
    ms: (n: string) =>
      `(${startMs}::bigint + ((${n}) - 1) * ${userStep}::bigint + floor(${rand(n, 1)} * ${userStep})::bigint)`,
    id: (n: string) => timeId(user.ms(n), n, 2),
    /** Three in ten users (after the first ten) were referred by an earlier user. */
    referrer: (n: string) =>
      `(case when (${n}) > 10 and ${rand(n, 5)} < 0.3 then 1 + floor(${rand(n, 6)} * ((${n}) - 1))::bigint end)`,
    ip: (n: string) =>
      `((1 + (${hash(n, 7)} & 127))::text || '.' || ((${hash(n, 7)} >> 8) & 255)::text || '.' || ` +
      `((${hash(n, 7)} >> 16) & 255)::text || '.' || ((${hash(n, 7)} >> 24) & 255)::text)`,
    geo: (n: string) => pick(countries, `(${hash(n, 8)} & 65535)`),
  };
  const maxUserAt = (ms: string) =>
    `least(${users}::bigint, greatest(1, ((${ms}) - ${startMs}::bigint) / ${userStep}::bigint))`;
  return { startMs, userStep, hash, rand, timeId, randomTimeId, at, user, maxUserAt };
}

async function timed(step: string, onProgress: (p: ScaleProgress) => void, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  onProgress({ kind: "step", step, seconds: (performance.now() - started) / 1000 });
}

async function count(tx: Tx, query: string): Promise<number> {
  const result = await tx.execute(sql.raw(query));
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

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
  const { user, rand, hash, at } = g;
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

    // Users, in creation order (their ids are time-ordered, so the primary key only appends).
    let phaseStarted = performance.now();
    const phaseDone = (step: string) => {
      onProgress({ kind: "step", step, seconds: (performance.now() - phaseStarted) / 1000 });
      phaseStarted = performance.now();
    };
    for (let from = 1; from <= options.users; from += batch) {
      const to = Math.min(options.users, from + batch - 1);
      const n = "s.n";
      await run(`insert into app_users (id, admin_id, username, refer_code, referred_by, device, geo, ip_signup,
          visitor_id, points, is_active, is_verified, provision, created_at, updated_at)
        select ${user.id(n)}, ${admin},
          ${pick(syllables, `(${hash(n, 16)} & 65535)`)} || ${pick(syllables, `((${hash(n, 16)} >> 16) & 65535)`)} || '.' ||
            ${pick(syllables, `(${hash(n, 17)} & 65535)`)} || ${pick(syllables, `((${hash(n, 17)} >> 16) & 65535)`)} ||
            ${pick(syllables, `((${hash(n, 17)} >> 32) & 65535)`)} || ${n} || '@' || ${pick(domains, `(${hash(n, 9)} & 65535)`)},
          upper(lpad(to_hex((${n} * 2654435761) % 16777216), 6, '0')),
          case when ${user.referrer(n)} is not null then ${user.id(user.referrer(n))} end,
          case when ${rand(n, 10)} < 0.65 then 'android' else 'ios' end,
          ${user.geo(n)}, ${user.ip(n)}, substr(md5('${seed}:' || ${n}), 1, 20), 0,
          ${rand(n, 11)} < 0.94, ${rand(n, 12)} < 0.7, 0, ${at(user.ms(n))}, ${at(user.ms(n))}
        from generate_series(${from}::bigint, ${to}::bigint) as s(n)`);
      // One device record per user, a second for three in ten.
      await run(`insert into app_user_devices (id, admin_id, user_id, device_name, bssid, gaid, locale, resolution,
          country_code, carrier_country, os_version, android_id, created_at)
        select ${g.randomTimeId(`${user.ms(n)} + d.k`)}, ${admin}, ${user.id(n)},
          ${pick(deviceNames, `(${hash(n, 13)} & 65535) + d.k`)},
          substr(md5('b' || ${n} || d.k), 1, 12), md5('g' || ${n} || d.k)::uuid::text,
          'en_' || ${user.geo(n)}, '1080x2340', ${user.geo(n)}, lower(${user.geo(n)}),
          'Android ' || (10 + (${hash(n, 14)} & 5))::text, substr(md5('a' || ${n} || d.k), 1, 16), ${at(user.ms(n))}
        from generate_series(${from}::bigint, ${to}::bigint) as s(n)
        cross join lateral generate_series(1, case when ${rand(n, 15)} < 0.3 then 2 else 1 end) as d(k)`);
      onProgress({ kind: "rows", phase: "users", done: to });
    }
    phaseDone("loaded the users and their devices");

    // Offers over the history after the first user, in date order; each goes to a user who existed
    // then (the square root leans towards recent users, so old ones do not take every offer).
    const firstOfferMs = g.startMs + g.userStep;
    const offerSpan = nowMs - 60_000 - firstOfferMs;
    for (let from = 1; from <= options.offers; from += batch) {
      const to = Math.min(options.offers, from + batch - 1);
      await run(`with picked as (
          select o, ms, 1 + floor(sqrt(${rand("o", 22)}) * ${g.maxUserAt("ms")})::bigint as u
          from (select o, ${firstOfferMs}::bigint + floor((o - 1 + ${rand("o", 21)}) * ${offerSpan / Math.max(options.offers, 1)})::bigint as ms
                from generate_series(${from}::bigint, ${to}::bigint) as o offset 0) as t
          offset 0
        ), shaped as (
          select o, ms, u, ${user.referrer("u")} as r,
            round((0.05 + ${rand("o", 24)} * 4.45)::numeric, 4) as payout,
            ${rand("o", 25)} < 0.04 as reversed
          from picked offset 0
        ), offers as (
          insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points,
            ip, geo, status, referrer_id, referral_points, date)
          select ${g.timeId("ms", "o", 30)}, ${admin}, ${user.id("u")}, ${pick(offerNetworks, `(${hash("o", 23)} & 65535)`)},
            'scale-' || o, ${pick(offerNames, `(${hash("o", 26)} & 65535)`)}, payout, round(payout * ${pointsPerDollar})::int,
            ${user.ip("u")}, ${user.geo("u")}, case when reversed then 'reversed' else 'credited' end,
            case when r is not null then ${user.id("r")} end,
            case when r is not null then round(round(payout * ${pointsPerDollar}) * ${referralShare})::int else 0 end,
            ${at("ms")}
          from shaped
          returning id, user_id, points, referrer_id, referral_points, status, date
        )
        insert into points_ledger (id, admin_id, user_id, amount, reason, reference_id, created_at)
        select ${g.randomTimeId("extract(epoch from m.at) * 1000")}, ${admin}, m.user_id, m.amount, m.reason, offers.id, m.at
        from offers cross join lateral (values
          (offers.user_id, offers.points, 'offer', offers.date),
          (offers.referrer_id, offers.referral_points, 'referral', offers.date),
          (offers.user_id, -offers.points, 'offer_reversal', least(offers.date + interval '1 day', ${at(String(nowMs))})),
          (offers.referrer_id, -offers.referral_points, 'referral_reversal', least(offers.date + interval '1 day', ${at(String(nowMs))}))
        ) as m(user_id, amount, reason, at)
        where m.user_id is not null and m.amount <> 0
          and (m.reason in ('offer', 'referral') or offers.status = 'reversed')`);
      onProgress({ kind: "rows", phase: "offers", done: to });
    }
    phaseDone("loaded the offers and their ledger rows");

    // Redeems only by users who earned enough: each user's k-th request is affordable with the ones
    // before it, so no balance goes below zero. Then the wanted number, spread over users by a hash, and
    // numbered by date, so they are stored in the order they came in (as real ones are).
    await timed("chose the redeeming users", onProgress, async () => {
      await run(`create temp table scale_earned on commit drop as
        select user_id, sum(amount)::bigint as earned from points_ledger where admin_id = ${admin} group by user_id`);
      await run(`create temp table scale_redeems on commit drop as
        select row_number() over (order by chosen.ms) as k, chosen.* from (
        select c.*, (c.created_ms + ${rand("c.h", 42)} * (${nowMs - 120_000} - c.created_ms))::bigint as ms from (
          select e.user_id, u.username, u.ip_signup, u.geo, extract(epoch from u.created_at) * 1000 as created_ms,
            j.j, j.card, j.h, sum(j.cost) over (partition by e.user_id order by j.j) as spent, e.earned
          from scale_earned e join app_users u on u.id = e.user_id
          cross join lateral (
            select j, card, (${textArray(giftCards.map((c) => String(c[2])))})[card]::int as cost, ${hash("hashtext(e.user_id::text)::bigint * 64 + j", 40)} as h
            from (select j, 1 + ((${hash("hashtext(e.user_id::text)::bigint * 64 + j", 41)} & 65535) % ${giftCards.length})::int as card
                  from generate_series(1, least(8, e.earned / ${cheapestCard})::int) as j) as x
          ) as j
        ) as c where c.spent <= c.earned
        order by c.h limit ${options.redeems}) as chosen`);
      // Each batch reads its range of k: without an index every batch would scan the whole table.
      await run("create index on scale_redeems (k)");
      await run("analyze scale_redeems");
    });
    const redeemCount = await count(tx, "select count(*) from scale_redeems");
    for (let from = 1; from <= redeemCount; from += batch) {
      const to = Math.min(redeemCount, from + batch - 1);
      await run(`with shaped as (
          select k, r.user_id, r.username, r.ip_signup, r.geo, r.card, r.ms,
            case when ${rand("k", 43)} < 0.7 then 1 when ${rand("k", 44)} < 0.65 then 0 else 2 end as status
          from scale_redeems r where k between ${from} and ${to} offset 0
        ), inserted as (
          insert into redeems (id, admin_id, user_id, redeem_email, reward_name, reward_amount, reward_cost, redeem_date,
            status, code, subject, paid_by_admin_id, paid_at, ip, ip_country, updated_at)
          select ${g.timeId("ms", "k", 50)}, ${admin}, user_id, username,
            (${textArray(giftCards.map((c) => c[0]))})[card], (${textArray(giftCards.map((c) => c[1]))})[card],
            (${textArray(giftCards.map((c) => String(c[2])))})[card]::int, ${at("ms")}, status,
            case when status = 1 then upper(substr(md5('code' || k), 1, 16)) end,
            case when status = 1 then 'Your reward is here' end,
            case when status = 1 then ${admin} end,
            case when status = 1 then ${at("ms + 3600000")} end,
            ip_signup, geo, ${at("ms + 3600000")}
          from shaped
          returning id, user_id, reward_cost, status, redeem_date, updated_at
        )
        insert into points_ledger (id, admin_id, user_id, amount, reason, reference_id, created_at)
        select ${g.randomTimeId("extract(epoch from m.at) * 1000")}, ${admin}, i.user_id, m.amount, m.reason, i.id, m.at
        from inserted i cross join lateral (values
          (-i.reward_cost, 'redeem', i.redeem_date),
          (i.reward_cost, 'redeem_refund', i.updated_at)
        ) as m(amount, reason, at)
        where m.reason = 'redeem' or i.status = 2`);
      onProgress({ kind: "rows", phase: "redeems", done: to });
    }
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
    await timed("rebuilt the dashboard's activity slots", onProgress, () =>
      run(`select activity_rebuild(${admin})`),
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
  await db.execute(sql.raw(`vacuum (analyze) ${[...loadedTables, "activity_buckets"].join(", ")}`));
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
  return id;
}
