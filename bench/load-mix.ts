/**
 * What the load test sends (bench/load.ts runs it): the mix of request kinds, the app users' tokens, each
 * kind's requests and the postbacks with their repeats.
 */
import {
  appKeyHeader,
  appUserEndpoints,
  pathOf,
  rewardEndpoints,
  settingsEndpoints,
} from "@rewards/contract";
import type pg from "pg";
import { hashPassword } from "../apps/server/src/lib/passwords.ts";
import type { Case } from "./case.ts";
import type { LoadRequest } from "./load-clients.ts";
import { type PostbackJob, postbackJob, postbackUrl, type setUpPostbackTenant } from "./postbacks.ts";

/** The share of requests of each kind, in percent: a day's traffic of phones, networks and operators. */
export const mixWeights = { app: 40, postback: 30, list: 18, details: 6, dash: 6 } as const;
export type Kind = keyof typeof mixWeights;

/**
 * BENCH_MIX=dash (or app,list…) runs only those kinds, in equal shares, to see what each costs the server
 * and the database on its own (docs/performance.md, "What each kind of request costs"). The results
 * name the kinds; the budgets are for the whole mix.
 */
function mixFromEnv(): Record<Kind, number> {
  const named = process.env.BENCH_MIX?.split(",").filter(Boolean);
  if (!named?.length) return { ...mixWeights };
  const unknown = named.filter((kind) => !(kind in mixWeights));
  if (unknown.length)
    throw new Error(`BENCH_MIX: unknown kinds ${unknown.join(", ")} (${Object.keys(mixWeights)})`);
  return Object.fromEntries(
    Object.keys(mixWeights).map((kind) => [kind, named.includes(kind) ? 1 : 0]),
  ) as Record<Kind, number>;
}
export const weights = mixFromEnv();
const appUserPassword = "bench-app-user-password-17";

export const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;

/** Signs `count` active users of the tenant in to the app, after giving them a known password. */
export async function appTokens(url: string, pool: pg.Pool, adminId: string, token: string, count: number) {
  const key = await fetch(`${url}${pathOf(settingsEndpoints.appKey)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { appKey } = (await key.json()) as { appKey: string };
  const users = await pool.query<{ id: string; username: string }>(
    "select id, username from app_users where admin_id = $1 and is_active order by id limit $2",
    [adminId, count],
  );
  await pool.query("update app_users set password_hash = $2 where id = any($1::uuid[])", [
    users.rows.map((u) => u.id),
    await hashPassword(appUserPassword),
  ]);
  const tokens: string[] = [];
  for (const user of users.rows) {
    const signIn = appUserEndpoints.appSignIn;
    const response = await fetch(`${url}${pathOf(signIn)}`, {
      method: signIn.method,
      headers: { "content-type": "application/json", [appKeyHeader]: appKey },
      body: JSON.stringify({ email: user.username, password: appUserPassword }),
    });
    const body = (await response.json()) as { accessToken?: string; message?: string };
    if (!body.accessToken)
      throw new Error(`app sign-in of ${user.username}: ${response.status} ${body.message}`);
    tokens.push(body.accessToken);
  }
  return { appKey, tokens };
}

/** The requests of one kind each: the admin's calls from the bench's cases, the app's own. */
export function workload(cases: Case[], token: string, appKey: string, appTokensList: string[]) {
  const admin = { authorization: `Bearer ${token}`, "accept-encoding": "gzip" };
  const asRequest = (kind: Kind, item: Case): LoadRequest => ({
    kind,
    method: item.method,
    path: item.path,
    headers: item.body === undefined ? admin : { ...admin, "content-type": "application/json" },
    ...(item.body === undefined ? {} : { body: JSON.stringify(item.body) }),
  });
  const lists = cases
    .filter((c) => ["users", "offers", "redeems"].includes(c.group))
    .map((c) => asRequest("list", c));
  const details = cases
    .filter((c) => c.group === "details" && ["user details", "offer", "redeem"].includes(c.name))
    .map((c) => asRequest("details", c));
  const dash = cases.filter((c) => c.group === "dashboard").map((c) => asRequest("dash", c));
  const appPaths = [
    ...Array(3).fill(pathOf(appUserEndpoints.appMe)),
    `${pathOf(appUserEndpoints.appOffers)}?page=1&pageSize=20`,
    `${pathOf(appUserEndpoints.appOffers)}?page=1&pageSize=20`,
    `${pathOf(appUserEndpoints.appLedger)}?page=1&pageSize=20`,
    `${pathOf(appUserEndpoints.appRedeems)}?page=1&pageSize=20`,
    pathOf(rewardEndpoints.appList),
    pathOf(rewardEndpoints.appList),
  ] as string[];
  const app = (): LoadRequest => ({
    kind: "app",
    method: "GET",
    path: pick(appPaths),
    headers: {
      authorization: `Bearer ${pick(appTokensList)}`,
      [appKeyHeader]: appKey,
      "accept-encoding": "gzip",
    },
  });
  return { lists, details, dash, app };
}

/**
 * A postback source: new transactions, and about one in ten a repeat of one already sent. A transaction
 * is sure once one of its postbacks was answered 2xx; until then (a timeout, an error) it is uncertain.
 */
export function postbackSource(tenant: Awaited<ReturnType<typeof setUpPostbackTenant>>, prefix: string) {
  const sent: PostbackJob[] = [];
  const answered = new Set<string>();
  let repeats = 0;
  const next = (): LoadRequest => {
    let job: PostbackJob;
    if (sent.length > 0 && Math.random() < 0.1) {
      job = pick(sent);
      repeats++;
    } else {
      job = postbackJob(tenant, prefix, sent.length);
      sent.push(job);
    }
    const done = (error: string | undefined) => {
      if (!error) answered.add(job.tx);
    };
    return { kind: "postback", method: "GET", path: postbackUrl(tenant, job), headers: {}, done };
  };
  const sure = () => sent.filter((job) => answered.has(job.tx));
  const uncertain = () => sent.filter((job) => !answered.has(job.tx));
  return { next, sure, uncertain, repeats: () => repeats };
}
