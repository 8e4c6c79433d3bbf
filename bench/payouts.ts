/**
 * Bulk pay throughput (docs/features/payouts.md): one "Pay selected" of 1,000 redeems, half paid from a code
 * inventory, half ordered from the fake Tremendous, against a server on PostgreSQL; the budget is 60 s from
 * the call to the job's last result. Then checks that every redeem was paid once: distinct codes, one
 * Tremendous order per redeem, each debit intact.
 *
 *   DATABASE_URL=postgres://… npm run bench:payouts
 *
 * It starts the server itself (on DATABASE_URL), a local Mailgun sink and the fake Tremendous, creates its own
 * administrator (bench-pay-<time>@bench.test) and catalog, and writes bench/results/<date>-payouts.md.
 * BENCH_REDEEMS (default 1000, at most 1000: one call); BENCH_RESULTS_DIR (default bench/results).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import {
  authEndpoints,
  type Endpoint,
  maxPayoutBatch,
  type PayoutJob,
  pathOf,
  payoutEndpoints,
  redeemEndpoints,
  settingsEndpoints,
} from "@rewards/contract";
import pg from "pg";
import { startFakeTremendous } from "../apps/server/test/support/fake-tremendous.ts";
import { startMailgunSink } from "../apps/server/test/support/mailgun-sink.ts";
import { startServer } from "./server.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required (the server's PostgreSQL)");
const total = Math.min(Number(process.env.BENCH_REDEEMS ?? maxPayoutBatch), maxPayoutBatch);
const budgetSeconds = 60;
const resultsDir = process.env.BENCH_RESULTS_DIR ?? new URL("./results/", import.meta.url).pathname;

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });

async function call<T>(
  baseUrl: string,
  definition: Endpoint,
  options: { params?: Record<string, string>; body?: unknown; token?: string; contentType?: string } = {},
) {
  const { params = {}, body, token, contentType = "application/json" } = options;
  const response = await fetch(`${baseUrl}${pathOf(definition, params)}`, {
    method: definition.method,
    headers: {
      ...(body === undefined ? {} : { "content-type": contentType }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

function expect(ok: boolean, what: string, answer: unknown) {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(answer)}`);
}

/** An administrator with a Mailgun config, a Tremendous account, and one inventory and one provider item. */
async function setUp(baseUrl: string, fake: { baseUrl: string; apiKey: string }) {
  const username = `bench-pay-${Date.now()}@bench.test`;
  const password = "bench-password-not-common-42";
  await call(baseUrl, authEndpoints.register, {
    body: { fullName: "Bench", username, password, confirmPassword: password },
  });
  await db.query("update admins set status = 'active' where username = $1", [username]);
  const login = await call<{ accessToken: string }>(baseUrl, authEndpoints.login, {
    body: { username, password },
  });
  expect(login.status === 200, "sign-in", login.body);
  const token = login.body.accessToken;
  const { rows } = await db.query<{ id: string }>("select id from admins where username = $1", [username]);
  const appId = rows[0]?.id;
  if (!appId) throw new Error("administrator not found");

  const mail = await call(baseUrl, settingsEndpoints.createMail, {
    token,
    body: {
      mailgunDomain: "bench.test",
      apiKey: "bench-mailgun-key",
      fromEmail: "rewards@bench.test",
      supportEmail: "support@bench.test",
    },
  });
  expect(mail.status === 200, "mail config", mail.body);
  const settings = await call(baseUrl, payoutEndpoints.saveSettings, {
    token,
    body: {
      paused: false,
      approvalAbove: null,
      tremendous: {
        apiKey: fake.apiKey,
        baseUrl: fake.baseUrl,
        fundingSourceId: "bench-balance",
        webhookPrivateKey: "bench-webhook-private-key",
        delivery: "EMAIL",
      },
    },
  });
  expect(settings.status === 200, "payout settings", settings.body);

  // The catalog by SQL: its screens are not what this bench measures.
  const countryId = randomUUID();
  const rewardId = randomUUID();
  const inventoryItem = randomUUID();
  const providerItem = randomUUID();
  await db.query(
    `insert into countries (id, admin_id, full_name, code, priority) values ($1, $2, 'United States', 'US', 1)`,
    [countryId, appId],
  );
  await db.query(
    `insert into rewards (id, admin_id, country_id, name, "order") values ($1, $2, $3, 'Gift card', 1)`,
    [rewardId, appId, countryId],
  );
  await db.query(
    `insert into reward_items (id, admin_id, reward_id, cost, points, fulfilment, provider_product_id,
       provider_value)
     values ($1, $3, $4, '$5', 5000, 'inventory', null, null), ($2, $3, $4, '$5', 5000, 'provider', 'bench-product', 5)`,
    [inventoryItem, providerItem, appId, rewardId],
  );
  const codes = Array.from({ length: total }, (_, i) => `BENCH-${appId.slice(0, 8)}-${i}`);
  const imported = await call<{ added: number }>(baseUrl, payoutEndpoints.importCodes, {
    token,
    params: { itemId: inventoryItem },
    body: `code\n${codes.join("\n")}\n`,
    contentType: "text/csv",
  });
  expect(imported.status === 200 && imported.body.added === total, "code import", imported.body);
  return { token, appId, inventoryItem, providerItem };
}

/**
 * `total` users, each with one Pending redeem whose points were credited then debited through the ledger's
 * rows (as a redeem request leaves them): half of the inventory item, half of the provider item.
 */
async function pendingRedeems(appId: string, items: { inventoryItem: string; providerItem: string }) {
  const users = Array.from({ length: total }, () => randomUUID());
  const redeems = Array.from({ length: total }, () => randomUUID());
  await db.query(
    `insert into app_users (id, admin_id, username, refer_code)
     select u, $1, u::text || '@bench.test', substr(md5(u::text), 1, 8) from unnest($2::uuid[]) as u`,
    [appId, users],
  );
  await db.query(
    `insert into redeems (id, admin_id, user_id, redeem_email, reward_name, reward_amount, reward_cost,
       reward_item_id, status)
     select r.id, $1, r.user_id, r.user_id::text || '@bench.test', 'Gift card', '$5', 5000,
       case when r.n % 2 = 0 then $4::uuid else $5::uuid end, 0
     from unnest($2::uuid[], $3::uuid[]) with ordinality as r(id, user_id, n)`,
    [appId, redeems, users, items.inventoryItem, items.providerItem],
  );
  await db.query(
    `insert into points_ledger (id, admin_id, user_id, amount, reason, reference_id, note)
     select gen_random_uuid(), $1::uuid, r.user_id, 5000, 'admin_adjustment', null, 'bench'
       from unnest($2::uuid[], $3::uuid[]) as r(id, user_id)
     union all
     select gen_random_uuid(), $1::uuid, r.user_id, -5000, 'redeem', r.id, null
       from unnest($2::uuid[], $3::uuid[]) as r(id, user_id)`,
    [appId, redeems, users],
  );
  return redeems;
}

async function main() {
  const fake = await startFakeTremendous();
  const mailgun = await startMailgunSink();
  process.env.MAILGUN_BASE_URL = mailgun.baseUrl;
  const server = await startServer();
  try {
    const setup = await setUp(server.url, fake);
    const ids = await pendingRedeems(setup.appId, setup);

    const started = performance.now();
    const job = await call<{ jobId: string }>(server.url, redeemEndpoints.payMany, {
      token: setup.token,
      body: { ids },
    });
    expect(job.status === 202, "pay selected", job.body);
    let progress: PayoutJob | undefined;
    for (;;) {
      const answer = await call<PayoutJob>(server.url, payoutEndpoints.job, {
        token: setup.token,
        params: { jobId: job.body.jobId },
      });
      progress = answer.body;
      if (progress.finishedAt || performance.now() - started > 5 * budgetSeconds * 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;

    const checks = await db.query<{ sent: string; distinct_codes: string; used_codes: string }>(
      `select (select count(*) from redeems where admin_id = $1 and status = 1) as sent,
              (select count(distinct redeem_id) from reward_codes where admin_id = $1 and used_at is not null) as distinct_codes,
              (select count(*) from reward_codes where admin_id = $1 and used_at is not null) as used_codes`,
      [setup.appId],
    );
    const row = checks.rows[0];
    const orders = [...fake.orders.values()];
    const externalIds = new Set(orders.map((order) => order.external_id));
    const failedResults = progress?.results.filter((result) => result.status !== "paid") ?? [];
    const result = {
      redeems: total,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round(total / seconds),
      paid: progress?.done ?? 0,
      failed: progress?.failed ?? 0,
      sentRedeems: Number(row?.sent ?? 0),
      codesUsed: Number(row?.used_codes ?? 0),
      codesOnDistinctRedeems: Number(row?.distinct_codes ?? 0),
      tremendousOrders: orders.length,
      distinctExternalIds: externalIds.size,
      firstFailures: failedResults.slice(0, 5),
    };
    console.log(JSON.stringify(result, null, 2));

    // Redeem n (from 1) is of the inventory item when n is even, of the provider item when odd.
    const fromStock = Math.floor(total / 2);
    const ordered = total - fromStock;
    const problems: string[] = [];
    if (!progress?.finishedAt) problems.push("the job did not finish");
    if (result.paid !== total) problems.push(`${total - result.paid} redeems not paid`);
    if (result.sentRedeems !== total) problems.push(`${result.sentRedeems} redeems Sent of ${total}`);
    if (result.codesUsed !== fromStock || result.codesOnDistinctRedeems !== result.codesUsed)
      problems.push(`codes used ${result.codesUsed} on ${result.codesOnDistinctRedeems} redeems`);
    if (result.tremendousOrders !== ordered || result.distinctExternalIds !== result.tremendousOrders)
      problems.push(`${result.tremendousOrders} Tremendous orders for ${result.distinctExternalIds} redeems`);
    if (seconds > budgetSeconds) problems.push(`${seconds.toFixed(1)} s (budget ${budgetSeconds} s)`);

    const version = await db.query<{ server_version: string }>("show server_version");
    const date = new Date().toISOString().slice(0, 10);
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${date}-payouts.md`);
    writeFileSync(
      file,
      [
        `# Bulk pay benchmark ${new Date().toISOString()}`,
        "",
        `One "Pay selected" (POST ${redeemEndpoints.payMany.path}) of ${total} Pending redeems: ${fromStock} ` +
          `from a code inventory, ${ordered} ordered from the fake Tremendous (test tools, loopback); ` +
          `the reward e-mails go to a local Mailgun sink. PostgreSQL ${version.rows[0]?.server_version}; ` +
          `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), shared.`,
        "",
        `Budget: the job's last result within ${budgetSeconds} s of the call.`,
        "",
        `**${problems.length === 0 ? "Budget met, every redeem paid once." : `Missed: ${problems.join("; ")}`}**`,
        "",
        "| Redeems | Seconds | Redeems/s | Paid | Failed | Codes used | Tremendous orders |",
        "|---|---|---|---|---|---|---|",
        `| ${total} | ${result.seconds} | ${result.perSecond} | ${result.paid} | ${result.failed} | ` +
          `${result.codesUsed} | ${result.tremendousOrders} |`,
        "",
      ].join("\n"),
    );
    console.log(`Wrote ${file}`);
    if (problems.length > 0) {
      console.error(`FAILED: ${problems.join("; ")}`);
      process.exitCode = 1;
    }
  } finally {
    server.child?.kill("SIGTERM");
    await fake.close();
    await mailgun.close();
    await db.end();
  }
}

await main();
