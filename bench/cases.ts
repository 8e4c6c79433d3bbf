/**
 * What `npm run bench` measures: real values of the scale tenant to filter by, and every call made from
 * them (each list with each allowed filter alone and each allowed sort, the details calls, the dashboard).
 */
import {
  analyticsDimensions,
  analyticsEndpoints,
  appUserEndpoints,
  appUserFilterSchema,
  appUserListBodySchema,
  appUserSortFields,
  auditActions,
  auditEndpoints,
  auditFilterSchema,
  auditListBodySchema,
  auditSortFields,
  countryEndpoints,
  countryFilterSchema,
  countryListBodySchema,
  countrySortFields,
  dashboardEndpoints,
  type Endpoint,
  endpointKey,
  offerEndpoints,
  offerFilterSchema,
  offerListBodySchema,
  offerSortFields,
  pathOf,
  postbackEndpoints,
  postbackFilterSchema,
  postbackListBodySchema,
  postbackSortFields,
  redeemEndpoints,
  redeemFilterSchema,
  redeemListBodySchema,
  redeemSortFields,
  rewardEndpoints,
  rewardFilterSchema,
  rewardItemEndpoints,
  rewardItemFilterSchema,
  rewardItemListBodySchema,
  rewardItemSortFields,
  rewardListBodySchema,
  rewardSortFields,
  searchEndpoints,
} from "@rewards/contract";
import type pg from "pg";
import type { Db } from "../apps/server/src/db/client.ts";
import { getAnalytics } from "../apps/server/src/modules/analytics/index.ts";
import { getAppUserDetails, listAppUsers } from "../apps/server/src/modules/app-users/index.ts";
import { listAudit } from "../apps/server/src/modules/audit/index.ts";
import { listCountries, listRewardItems, listRewards } from "../apps/server/src/modules/catalog/index.ts";
import { getDashboard } from "../apps/server/src/modules/dashboard/index.ts";
import { getOfferDetails, listOffers } from "../apps/server/src/modules/offers/index.ts";
import { listPostbacks } from "../apps/server/src/modules/postbacks/index.ts";
import { getRedeemDetails, listRedeems } from "../apps/server/src/modules/redeems/index.ts";
import { searchApp } from "../apps/server/src/modules/search/index.ts";
import type { Case } from "./case.ts";
import { deepPageCases } from "./deep-cases.ts";

/** The first row of a query's answer. */
export async function firstRow<T>(
  pool: pg.Pool,
  query: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  return (await pool.query(query, params)).rows[0] as T | undefined;
}

/** Real values of this tenant to filter by, so every filter finds rows (or is a realistic miss). */
export async function samples(pool: pg.Pool, adminId: string) {
  const one = <T>(query: string, params: unknown[] = []) => firstRow<T>(pool, query, params);
  const user = await one<{
    id: string;
    username: string;
    ip_signup: string;
    visitor_id: string;
    refer_code: string;
  }>(
    `select u.id, u.username, u.ip_signup, u.visitor_id, u.refer_code from app_users u
     where u.admin_id = $1 and exists (select 1 from redeems r where r.admin_id = $1 and r.user_id = u.id)
     order by u.created_at limit 1`,
    [adminId],
  );
  if (!user) throw new Error("the tenant has no user with a redeem: run the scale seed first");
  const offer = await one<{ id: string; ip: string; transaction_id: string }>(
    "select id, ip, transaction_id from completed_offers where admin_id = $1 and user_id = $2 limit 1",
    [adminId, user.id],
  );
  const redeem = await one<{ id: string; redeem_email: string }>(
    "select id, redeem_email from redeems where admin_id = $1 and user_id = $2 limit 1",
    [adminId, user.id],
  );
  const country = await one<{ id: string; code: string }>(
    "select id, code from countries where admin_id = $1 order by priority desc limit 1",
    [adminId],
  );
  const reward = await one<{ id: string }>(
    "select id from rewards where admin_id = $1 and country_id = $2 limit 1",
    [adminId, country?.id],
  );
  const item = await one<{ id: string }>(
    "select id from reward_items where admin_id = $1 and reward_id = $2 limit 1",
    [adminId, reward?.id],
  );
  const postback = await one<{ id: string }>("select id from postback_log where admin_id = $1 limit 1", [
    adminId,
  ]);
  const audited = await one<{ record_id: string }>(
    "select record_id from audit_log where admin_id = $1 and record_id is not null limit 1",
    [adminId],
  );
  if (!offer || !redeem || !country || !reward || !item) throw new Error("the tenant's data is incomplete");
  // Each list's exact size per enumerable filter (the position index's totals): where its middle and last pages are.
  const counted = await pool.query<{ list: string; filter: string; total: string }>(
    `select list, filter, sum(rows)::text as total from list_buckets
     where admin_id = $1 and sort = '' and bucket = 0 group by 1, 2`,
    [adminId],
  );
  const totals = new Map(counted.rows.map((row) => [`${row.list} ${row.filter}`, Number(row.total)]));
  return { user, offer, redeem, country, reward, item, postback, audited, totals };
}

export type Samples = Awaited<ReturnType<typeof samples>>;

const prefix = (ip: string) => `${ip.split(".").slice(0, 2).join(".")}.`;
const missingId = "00000000-0000-7000-8000-000000000000";

/**
 * Every allowed filter alone and every sort (both directions) of a list, with sample values; a filter
 * key without a sample value stops the bench, so a new filter is never left unmeasured.
 */
function listCases(
  group: string,
  list: Endpoint,
  params: Record<string, string>,
  filterKeys: readonly string[],
  sortFields: readonly string[],
  values: Record<string, unknown[]>,
  service?: (db: Db, body: { queryParams: Record<string, unknown> }) => Promise<unknown>,
): Case[] {
  const path = pathOf(list, params);
  const make = (name: string, queryParams: Record<string, unknown>): Case => {
    const body = { queryParams: { pageNumber: 1, pageSize: 10, ...queryParams } };
    return { group, name, method: list.method, path, body, service: service && ((db) => service(db, body)) };
  };
  const cases = [make("default", {})];
  for (const key of filterKeys) {
    const keyValues = values[key];
    if (!keyValues)
      throw new Error(`${group}: no sample value for the filter "${key}"; add one to bench/cases.ts`);
    for (const value of keyValues)
      cases.push(make(`filter ${key}=${JSON.stringify(value)}`, { filter: { [key]: value } }));
  }
  for (const sortField of sortFields) {
    for (const sortOrder of ["asc", "desc"]) {
      cases.push(make(`sort ${sortField} ${sortOrder}`, { sortField, sortOrder }));
    }
  }
  return cases;
}

/** A details call: GET of one record. */
const detailsCase = (name: string, details: Endpoint, id: string, service?: Case["service"]): Case => ({
  group: "details",
  name,
  method: details.method,
  path: pathOf(details, { id }),
  ...(service ? { service } : {}),
});

export function allCases(adminId: string, s: Samples): Case[] {
  const keys = (schema: { shape: object }) => Object.keys(schema.shape);
  const local = s.user.username.split("@")[0] ?? s.user.username;
  const cases: Case[] = [
    ...listCases(
      "users",
      appUserEndpoints.list,
      {},
      keys(appUserFilterSchema),
      appUserSortFields,
      {
        username: ["gmail", local],
        ipSignup: [prefix(s.user.ip_signup)],
        visitorId: [s.user.visitor_id],
        _id: [s.user.id],
        status: [2, 3],
        risky: [true, false],
      },
      (db, body) => listAppUsers(db, adminId, appUserListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "offers",
      offerEndpoints.list,
      {},
      keys(offerFilterSchema),
      offerSortFields,
      { network: ["cpxresearch"], userId: [s.user.id], _id: [s.offer.id], ip: [prefix(s.offer.ip)] },
      (db, body) => listOffers(db, adminId, offerListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "redeems",
      redeemEndpoints.list,
      {},
      keys(redeemFilterSchema),
      redeemSortFields,
      {
        redeemEmail: ["gmail", local],
        redeemUser: [s.user.id],
        _id: [s.redeem.id],
        status: [0, 1, 2],
        risky: [true, false],
      },
      (db, body) => listRedeems(db, adminId, redeemListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "postbacks",
      postbackEndpoints.list,
      {},
      keys(postbackFilterSchema),
      postbackSortFields,
      {
        network: ["cpxresearch"],
        outcome: ["credited"],
        userId: [s.user.id],
        transactionId: ["scale-1"],
        _id: [s.postback?.id ?? missingId],
      },
      (db, body) => listPostbacks(db, adminId, postbackListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "audit",
      auditEndpoints.list,
      {},
      keys(auditFilterSchema),
      auditSortFields,
      { action: [auditActions[0]], recordId: [s.user.id], actorId: [adminId] },
      (db, body) => listAudit(db, adminId, auditListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "countries",
      countryEndpoints.list,
      {},
      keys(countryFilterSchema),
      countrySortFields,
      { fullName: ["United"], code: [s.country.code], _id: [s.country.id] },
      (db, body) => listCountries(db, adminId, countryListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "rewards",
      rewardEndpoints.list,
      { countryId: s.country.id },
      keys(rewardFilterSchema),
      rewardSortFields,
      {
        name: ["Amazon"],
        _id: [s.reward.id],
      },
      (db, body) =>
        listRewards(db, adminId, s.country.id, rewardListBodySchema.parse(body).queryParams as never),
    ),
    ...listCases(
      "reward items",
      rewardItemEndpoints.list,
      { rewardId: s.reward.id },
      keys(rewardItemFilterSchema),
      rewardItemSortFields,
      { cost: ["5"], _id: [s.item.id] },
      (db, body) =>
        listRewardItems(db, adminId, s.reward.id, rewardItemListBodySchema.parse(body).queryParams as never),
    ),
  ];
  const details: Case[] = [
    detailsCase("user details", appUserEndpoints.details, s.user.id, (db) =>
      getAppUserDetails(db, adminId, s.user.id),
    ),
    detailsCase("user", appUserEndpoints.one, s.user.id),
    detailsCase("offer", offerEndpoints.details, s.offer.id, (db) =>
      getOfferDetails(db, adminId, s.offer.id),
    ),
    detailsCase("redeem", redeemEndpoints.details, s.redeem.id, (db) =>
      getRedeemDetails(db, adminId, s.redeem.id),
    ),
    detailsCase("country", countryEndpoints.details, s.country.id),
    detailsCase("reward", rewardEndpoints.details, s.reward.id),
    detailsCase("reward item", rewardItemEndpoints.details, s.item.id),
    // A record without history answers 404 by design: measured only when the tenant has an audited record.
    ...(s.audited
      ? [detailsCase("record history (audit)", auditEndpoints.recordHistory, s.audited.record_id)]
      : []),
    ...(s.postback ? [detailsCase("postback", postbackEndpoints.details, s.postback.id)] : []),
  ];
  const dashboard = dashboardEndpoints.figures;
  const dash: Case[] = (["today", "last30"] as const).map((range) => ({
    group: "dashboard",
    name: `${endpointKey(dashboard)} range=${range}`,
    method: dashboard.method,
    path: `${pathOf(dashboard)}?tz=Europe/Berlin&range=${range}`,
    service: (db) => getDashboard(db, adminId, { tz: "Europe/Berlin", range }),
  }));
  // The command palette: each kind of lookup, every one an index range scan (docs/features/search.md).
  const search: Case[] = [
    ["e-mail prefix", local.slice(0, 4)],
    ["referral code", s.user.refer_code],
    ["transaction id", s.offer.transaction_id],
    ["redeem e-mail prefix", s.redeem.redeem_email.slice(0, 5)],
    ["id", s.user.id],
    ["short prefix", local.slice(0, 1)],
  ].map(([name, q = ""]) => ({
    group: "search",
    name: `q=${name}`,
    method: searchEndpoints.search.method,
    path: `${pathOf(searchEndpoints.search)}?q=${encodeURIComponent(q)}`,
    service: (db) => searchApp(db, adminId, q),
  }));
  // Analytics over the last 90 days (the budget's range), by each breakdown and each granularity.
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const report = analyticsEndpoints.report;
  const analytics: Case[] = [
    ...analyticsDimensions.map((by) => ({ granularity: "day" as const, by })),
    { granularity: "week" as const, by: "network" as const },
    { granularity: "month" as const, by: "country" as const },
  ].map(({ granularity, by }) => ({
    group: "analytics",
    name: `90 days by ${by} per ${granularity}`,
    method: report.method,
    path: `${pathOf(report)}?from=${from}&to=${today}&granularity=${granularity}&by=${by}`,
    service: (db) => getAnalytics(db, adminId, { from, to: today, granularity, by }),
  }));
  return [...cases, ...details, ...dash, ...search, ...analytics, ...deepPageCases(adminId, s.totals)];
}
