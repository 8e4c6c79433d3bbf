/**
 * Postback throughput (docs/features/postbacks.md): 50 concurrent senders, 10% of the transaction ids
 * sent twice, against a running server on PostgreSQL; then checks that nothing was lost or credited twice.
 *
 *   BENCH_URL=http://127.0.0.1:3000 DATABASE_URL=postgres://… npx tsx bench/postbacks.ts
 *
 * BENCH_REQUESTS (default 10000), BENCH_CONCURRENCY (default 50), BENCH_USERS (default 500).
 * It creates its own administrator (bench-<time>@bench.test, activated directly in the database), its
 * users and a CPX Research config, and signs every request as CPX documents: md5(trans_id-securityHash).
 * The set-up, the signing and the check are shared with the load test (bench/load.ts).
 */
import { createHash, randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { authEndpoints, type Endpoint, networkEndpoints, pathOf, postbackEndpoints } from "@rewards/contract";
import pg from "pg";

const securityHash = "bench-security-hash";
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** Calls an endpoint without path parameters. */
async function api<T>(baseUrl: string, definition: Endpoint, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${pathOf(definition)}`, {
    method: definition.method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export type PostbackTenant = { adminId: string; key: string; users: string[]; path: string };

/**
 * A new administrator with `userCount` users (every fifth referred by the one before it) and a CPX
 * Research config that takes postbacks from this machine.
 */
export async function setUpPostbackTenant(
  baseUrl: string,
  db: pg.Pool,
  userCount: number,
): Promise<PostbackTenant> {
  const username = `bench-${Date.now()}@bench.test`;
  const password = "bench-password-not-common-42";
  await api(baseUrl, authEndpoints.register, {
    fullName: "Bench",
    username,
    password,
    confirmPassword: password,
  });
  await db.query("update admins set status = 'active' where username = $1", [username]);
  const login = await api<{ accessToken: string }>(baseUrl, authEndpoints.login, { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.accessToken;
  const saved = await api(
    baseUrl,
    networkEndpoints.create,
    {
      network: "cpxresearch",
      appId: "1",
      appToken: securityHash,
      provision: 0.5,
      iosEnable: 1,
      androidEnable: 1,
      // CPX postbacks are taken from listed addresses only; this bench sends them from here.
      allowedIps: ["127.0.0.1", "::1"],
    },
    token,
  );
  if (saved.status !== 200) throw new Error(`network config failed: ${JSON.stringify(saved.body)}`);
  const { rows } = await db.query<{ id: string; postback_key: string }>(
    "select id, postback_key from admins where username = $1",
    [username],
  );
  const admin = rows[0];
  if (!admin) throw new Error("administrator not found");
  const users: string[] = [];
  for (let i = 0; i < userCount; i++) users.push(randomUUID());
  // Every fifth user was referred by the user before it, so referral rows are part of the load. Referral
  // codes from the user's number: six characters of a digest collided about once in 130 runs.
  await db.query(
    `insert into app_users (id, admin_id, username, refer_code, referred_by)
     select u.id, $1, u.id::text || '@bench.test', lpad(to_hex(u.n), 6, '0'),
            case when u.n % 5 = 0 and u.n > 1 then ($2::uuid[])[u.n - 1] end
     from unnest($2::uuid[]) with ordinality as u(id, n)`,
    [admin.id, users],
  );
  const path = pathOf(postbackEndpoints.receiveGet, {
    postbackKey: admin.postback_key,
    network: "cpxresearch",
  });
  return { adminId: admin.id, key: admin.postback_key, users, path };
}

/** One conversion: the user, the network's transaction id and its payout in cents (× 5 points). */
export type PostbackJob = { user: string; tx: string; cents: number };

/** The n-th conversion of a run whose transaction ids start with `prefix`. */
export const postbackJob = (tenant: PostbackTenant, prefix: string, n: number): PostbackJob => ({
  user: tenant.users[n % tenant.users.length] as string,
  tx: `${prefix}-${n}`,
  cents: 1 + (n % 500),
});

/** The path and query of a job's postback, signed as CPX documents: md5(trans_id-securityHash). */
export function postbackUrl(tenant: PostbackTenant, job: PostbackJob): string {
  const query = new URLSearchParams({
    user_id: job.user,
    trans_id: job.tx,
    status: "1",
    amount_local: String(job.cents * 5),
    amount_usd: (job.cents / 100).toFixed(2),
    ip: "203.0.113.1",
    secure_hash: md5(`${job.tx}-${securityHash}`),
  });
  return `${tenant.path}?${query}`;
}

/**
 * After the postbacks of `unique` (each transaction once, whatever was sent twice): every transaction
 * credited once, none twice, each balance equal to its ledger rows, and each user's points (available +
 * held) equal to their conversions × 5 plus 25% of their referees'. `uncertain` are transactions whose
 * postbacks all went unanswered (a timeout) or failed: each may have been credited once, or not at all.
 */
export async function checkCredits(
  db: pg.Pool,
  adminId: string,
  sure: readonly PostbackJob[],
  uncertain: readonly PostbackJob[] = [],
) {
  const landed = await db.query<{ transaction_id: string }>(
    "select transaction_id from completed_offers where admin_id = $1 and transaction_id = any($2::text[])",
    [adminId, uncertain.map((job) => job.tx)],
  );
  const landedIds = new Set(landed.rows.map((row) => row.transaction_id));
  const unique = [...sure, ...uncertain.filter((job) => landedIds.has(job.tx))];
  const expected = new Map<string, number>();
  const referrerOf = new Map<string, string>();
  const refs = await db.query<{ id: string; referred_by: string | null }>(
    "select id, referred_by from app_users where admin_id = $1",
    [adminId],
  );
  for (const row of refs.rows) if (row.referred_by) referrerOf.set(row.id, row.referred_by);
  for (const job of unique) {
    const points = job.cents * 5;
    expected.set(job.user, (expected.get(job.user) ?? 0) + points);
    const referrer = referrerOf.get(job.user);
    if (referrer) expected.set(referrer, (expected.get(referrer) ?? 0) + Math.round(points * 0.25));
  }
  // Each balance against its own ledger rows: the app's hold rules put some credits in pending.
  const balances = await db.query<{
    id: string;
    points: string;
    pending_points: string;
    available_ledger: string;
    pending_ledger: string;
  }>(
    `select u.id, u.points, u.pending_points,
       coalesce(sum(l.amount) filter (where l.bucket = 'available'), 0) as available_ledger,
       coalesce(sum(l.amount) filter (where l.bucket = 'pending'), 0) as pending_ledger
     from app_users u left join points_ledger l on l.user_id = u.id
     where u.admin_id = $1 group by u.id, u.points, u.pending_points`,
    [adminId],
  );
  const ledgerMismatch = balances.rows.filter(
    (row) =>
      Number(row.points) !== Number(row.available_ledger) ||
      Number(row.pending_points) !== Number(row.pending_ledger),
  ).length;
  const wrongBalance = balances.rows.filter(
    (row) => Number(row.points) + Number(row.pending_points) !== (expected.get(row.id) ?? 0),
  ).length;
  const held = await db.query<{ held: string }>(
    "select coalesce(sum(pending_points), 0) as held from app_users where admin_id = $1",
    [adminId],
  );
  const offers = await db.query<{ count: string; twice: string }>(
    `select count(*) as count, count(*) - count(distinct transaction_id) as twice
     from completed_offers where admin_id = $1 and status = 'credited'`,
    [adminId],
  );
  const outcomes = await db.query<{ outcome: string; count: string }>(
    "select outcome, count(*) from postback_log where admin_id = $1 group by outcome order by outcome",
    [adminId],
  );
  const result = {
    creditedOffers: Number(offers.rows[0]?.count ?? 0),
    expectedOffers: unique.length,
    unanswered: uncertain.length,
    unansweredCredited: landedIds.size,
    creditedTwice: Number(offers.rows[0]?.twice ?? 0),
    outcomes: Object.fromEntries(outcomes.rows.map((row) => [row.outcome, Number(row.count)])),
    heldPoints: Number(held.rows[0]?.held ?? 0),
    usersWithLedgerMismatch: ledgerMismatch,
    usersWithWrongBalance: wrongBalance,
  };
  const ok =
    result.creditedOffers === unique.length &&
    result.creditedTwice === 0 &&
    ledgerMismatch === 0 &&
    wrongBalance === 0;
  return { ...result, ok };
}

async function main() {
  const baseUrl = (process.env.BENCH_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
  const databaseUrl = process.env.DATABASE_URL;
  const total = Number(process.env.BENCH_REQUESTS ?? 10_000);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
  const userCount = Number(process.env.BENCH_USERS ?? 500);
  if (!databaseUrl)
    throw new Error("DATABASE_URL is required (the server's PostgreSQL), to set up and check");
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const tenant = await setUpPostbackTenant(baseUrl, db, userCount);
  const unique: PostbackJob[] = [];
  for (let i = 0; i < Math.round(total * 0.9); i++) unique.push(postbackJob(tenant, "bench", i));
  const jobs = [...unique];
  for (let i = 0; jobs.length < total; i++) jobs.push(unique[(i * 7919) % unique.length] as PostbackJob);
  // Shuffle, so repeats arrive at random moments, some while the first is still in flight.
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [jobs[i], jobs[j]] = [jobs[j] as PostbackJob, jobs[i] as PostbackJob];
  }

  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++] as PostbackJob;
        const response = await fetch(`${baseUrl}${postbackUrl(tenant, job)}`);
        await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { ok, ...checked } = await checkCredits(db, tenant.adminId, unique);
  const result = {
    requests: jobs.length,
    concurrency,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(jobs.length / seconds),
    httpStatuses: Object.fromEntries(statuses),
    ...checked,
  };
  console.log(JSON.stringify(result, null, 2));
  await db.end();
  if (!ok) {
    console.error("FAILED: lost or double credit");
    process.exit(1);
  }
  if (result.perSecond < 500) console.warn(`below the 500/s goal: ${result.perSecond}/s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
