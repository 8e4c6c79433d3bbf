/**
 * Postback throughput (docs/features/postbacks.md): 50 concurrent senders, 10% of the transaction ids
 * sent twice, against a running server on PostgreSQL; then checks that nothing was lost or credited twice.
 *
 *   BENCH_URL=http://127.0.0.1:3000 DATABASE_URL=postgres://… npx tsx bench/postbacks.ts
 *
 * BENCH_REQUESTS (default 10000), BENCH_CONCURRENCY (default 50), BENCH_USERS (default 500).
 * It creates its own administrator (bench-<time>@bench.test, activated directly in the database), its
 * users and a CPX Research config, and signs every request as CPX documents: md5(trans_id-securityHash).
 */
import { createHash, randomUUID } from "node:crypto";
import { authEndpoints, type Endpoint, networkEndpoints, pathOf, postbackEndpoints } from "@rewards/contract";
import pg from "pg";

const baseUrl = (process.env.BENCH_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const databaseUrl = process.env.DATABASE_URL;
const total = Number(process.env.BENCH_REQUESTS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const userCount = Number(process.env.BENCH_USERS ?? 500);
if (!databaseUrl) throw new Error("DATABASE_URL is required (the server's PostgreSQL), to set up and check");

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const securityHash = "bench-security-hash";
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** Calls an endpoint without path parameters. */
async function api<T>(definition: Endpoint, body?: unknown, token?: string) {
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

async function setUp() {
  const username = `bench-${Date.now()}@bench.test`;
  const password = "bench-password-not-common-42";
  await api(authEndpoints.register, {
    fullName: "Bench",
    username,
    password,
    confirmPassword: password,
  });
  await db.query("update admins set status = 'active' where username = $1", [username]);
  const login = await api<{ accessToken: string }>(authEndpoints.login, { username, password });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  const token = login.body.accessToken;
  const saved = await api(
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
  // Every fifth user was referred by the user before it, so referral rows are part of the load.
  await db.query(
    `insert into app_users (id, admin_id, username, refer_code, referred_by)
     select u.id, $1, u.id::text || '@bench.test', substr(md5(u.id::text), 1, 6),
            case when u.n % 5 = 0 and u.n > 1 then ($2::uuid[])[u.n - 1] end
     from unnest($2::uuid[]) with ordinality as u(id, n)`,
    [admin.id, users],
  );
  return { adminId: admin.id, key: admin.postback_key, users };
}

type Job = { user: string; tx: string; cents: number };

async function main() {
  const { adminId, key, users } = await setUp();
  const unique = Math.round(total * 0.9);
  const jobs: Job[] = [];
  for (let i = 0; i < unique; i++) {
    jobs.push({ user: users[i % users.length] as string, tx: `bench-${i}`, cents: 1 + (i % 500) });
  }
  for (let i = 0; jobs.length < total; i++) jobs.push(jobs[(i * 7919) % unique] as Job);
  // Shuffle, so repeats arrive at random moments, some while the first is still in flight.
  for (let i = jobs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [jobs[i], jobs[j]] = [jobs[j] as Job, jobs[i] as Job];
  }

  const postbackPath = pathOf(postbackEndpoints.receiveGet, { postbackKey: key, network: "cpxresearch" });
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++] as Job;
        const query = new URLSearchParams({
          user_id: job.user,
          trans_id: job.tx,
          status: "1",
          amount_local: String(job.cents * 5),
          amount_usd: (job.cents / 100).toFixed(2),
          ip: "203.0.113.1",
          secure_hash: md5(`${job.tx}-${securityHash}`),
        });
        const response = await fetch(`${baseUrl}${postbackPath}?${query}`);
        await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // Expected per user (available + held): each unique transaction once, cents × 5 points; referrers 25%.
  const expected = new Map<string, number>();
  const referrerOf = new Map<string, string>();
  const refs = await db.query<{ id: string; referred_by: string | null }>(
    "select id, referred_by from app_users where admin_id = $1",
    [adminId],
  );
  for (const row of refs.rows) if (row.referred_by) referrerOf.set(row.id, row.referred_by);
  for (let i = 0; i < unique; i++) {
    const job = { user: users[i % users.length] as string, cents: 1 + (i % 500) };
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
  const offers = await db.query<{ count: string }>(
    "select count(*) from completed_offers where admin_id = $1 and status = 'credited'",
    [adminId],
  );
  const outcomes = await db.query<{ outcome: string; count: string }>(
    "select outcome, count(*) from postback_log where admin_id = $1 group by outcome order by outcome",
    [adminId],
  );

  const result = {
    requests: jobs.length,
    concurrency,
    seconds: Number(seconds.toFixed(2)),
    perSecond: Math.round(jobs.length / seconds),
    httpStatuses: Object.fromEntries(statuses),
    creditedOffers: Number(offers.rows[0]?.count ?? 0),
    expectedOffers: unique,
    outcomes: Object.fromEntries(outcomes.rows.map((row) => [row.outcome, Number(row.count)])),
    heldPoints: Number(held.rows[0]?.held ?? 0),
    usersWithLedgerMismatch: ledgerMismatch,
    usersWithWrongBalance: wrongBalance,
  };
  console.log(JSON.stringify(result, null, 2));
  await db.end();
  const ok = result.creditedOffers === unique && ledgerMismatch === 0 && wrongBalance === 0;
  if (!ok) {
    console.error("FAILED: lost or double credit");
    process.exit(1);
  }
  if (result.perSecond < 500) console.warn(`below the 500/s goal: ${result.perSecond}/s`);
}

await main();
