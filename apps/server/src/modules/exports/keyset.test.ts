import {
  appUserListBodySchema,
  appUserSortFields,
  auditListBodySchema,
  auditSortFields,
  countryListBodySchema,
  countrySortFields,
  type ExportList,
  notificationExportBodySchema,
  offerListBodySchema,
  offerSortFields,
  postbackListBodySchema,
  postbackSortFields,
  redeemListBodySchema,
  redeemSortFields,
  rewardExportBodySchema,
  rewardSortFields,
} from "@rewards/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { countries, notifications, postbackLog, rewards } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import { newId } from "../../lib/ids.ts";
import { seedDemoData } from "../../seed/demo-data.ts";
import { exportSources } from "./export-sources.ts";
import { startExport } from "./export-stream.ts";

/**
 * Keyset batches: for every list, sort field and direction (and a filter), the export read in batches of 7
 * answers exactly the ids the list's own call answers page by page, with many rows tied on the sort column.
 */
let t: TestApp;
let a: Tenant;
let countryId: string;
const batchSize = 7;

type Case = { list: ExportList; queryParams: Record<string, unknown> };

const listUrl: Record<ExportList, () => string> = {
  users: () => "/api/users",
  offers: () => "/api/offer",
  redeems: () => "/api/redeem",
  postbacks: () => "/api/postbacks",
  audit: () => "/api/audit",
  notifications: () => "/api/notification",
  countries: () => "/api/reward/countries/pagination",
  rewards: () => `/api/reward/rewards/${countryId}`,
};

const schemas = {
  users: appUserListBodySchema,
  offers: offerListBodySchema,
  redeems: redeemListBodySchema,
  postbacks: postbackListBodySchema,
  audit: auditListBodySchema,
  notifications: notificationExportBodySchema,
  countries: countryListBodySchema,
  rewards: rewardExportBodySchema,
} as const;

const bodyOf = ({ list, queryParams }: Case) =>
  list === "rewards" ? { countryId, queryParams } : list === "notifications" ? {} : { queryParams };

/** The list's own call, page by page (10 a page), every id in its order. */
async function listIds(item: Case): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response =
      item.list === "notifications"
        ? await t.app.inject({
            method: "GET",
            url: `${listUrl.notifications()}?pageNumber=${page}&pageSize=10`,
            headers: a.headers,
          })
        : await t.app.inject({
            method: "POST",
            url: listUrl[item.list](),
            headers: a.headers,
            payload: { queryParams: { ...item.queryParams, pageNumber: page, pageSize: 10 } },
          });
    expect(response.statusCode, response.body).toBe(200);
    const entities = response.json<{ entities: { _id: string }[] }>().entities;
    ids.push(...entities.map((entity) => entity._id));
    if (entities.length < 10) return ids;
  }
}

/** The export's ids, read in batches of 7 (each row's first cell is its id). */
async function exportIds(item: Case): Promise<{ ids: string[]; batches: number }> {
  const source = exportSources[item.list];
  let batches = 0;
  const counting: typeof source = {
    ...source,
    batch: (...args) => {
      batches += 1;
      return source.batch(...args);
    },
  };
  const lines = await startExport({
    db: t.db,
    actor: { appId: a.id, accountId: a.id, role: "owner" },
    list: item.list,
    source: counting,
    body: schemas[item.list].parse(bodyOf(item)),
    batchSize,
  });
  let text = "";
  for await (const chunk of lines ?? []) text += chunk;
  const ids = text
    .split("\r\n")
    .slice(1, -1)
    .map((line) => line.split(",")[0] ?? "");
  return { ids, batches };
}

function sortCases(list: ExportList, sortFields: readonly string[], filter?: object): Case[] {
  const cases: Case[] = [];
  for (const sortField of sortFields)
    for (const sortOrder of ["asc", "desc"])
      cases.push({ list, queryParams: { sortField, sortOrder, ...(filter ? { filter } : {}) } });
  if (filter) cases.push({ list, queryParams: {} });
  return cases;
}

const cases: Case[] = [
  ...sortCases("users", appUserSortFields, { status: 2 }),
  ...sortCases("users", appUserSortFields),
  ...sortCases("offers", offerSortFields, { network: "ogads" }),
  ...sortCases("offers", offerSortFields),
  ...sortCases("redeems", redeemSortFields, { status: 0 }),
  ...sortCases("redeems", redeemSortFields),
  ...sortCases("postbacks", postbackSortFields, { outcome: "credited" }),
  ...sortCases("audit", auditSortFields, { action: "user.update" }),
  ...sortCases("countries", countrySortFields),
  ...sortCases("rewards", rewardSortFields),
  { list: "notifications", queryParams: {} },
];

beforeAll(async () => {
  t = await startTestApp();
  ({ a } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 40, offers: 200, redeems: 40, seed: 21 });
  // Ties: whole days, round amounts and coarse points, so many rows share each sort value.
  await t.db.execute(sql`update completed_offers set date = date_trunc('day', date), payout = round(payout)
    where admin_id = ${a.id}`);
  await t.db.execute(
    sql`update completed_offers set network = 'ogads' where admin_id = ${a.id} and points % 2 = 0`,
  );
  await t.db.execute(sql`update app_users set created_at = date_trunc('week', created_at), points = points / 1000 * 1000
    where admin_id = ${a.id}`);
  await t.db.execute(sql`update redeems set redeem_date = date_trunc('month', redeem_date), reward_cost = 500
    where admin_id = ${a.id}`);
  countryId = newId();
  await t.db.insert(countries).values([
    { id: countryId, adminId: a.id, fullName: "Spain", code: "ES", priority: 1 },
    ...Array.from({ length: 30 }, (_, i) => ({
      id: newId(),
      adminId: a.id,
      fullName: `Country ${i % 4}`,
      code: `C${i}`,
      priority: i % 3,
    })),
  ]);
  // One statement each: the rows share their created_at (defaultNow is the statement's time).
  await t.db.insert(rewards).values(
    Array.from({ length: 40 }, (_, i) => ({
      id: newId(),
      adminId: a.id,
      countryId,
      name: `R${i % 4}`,
      order: i % 3,
    })),
  );
  await t.db.insert(notifications).values(
    Array.from({ length: 30 }, (_, i) => ({
      id: newId(),
      adminId: a.id,
      title: `T${i}`,
      body: "b",
      status: "sent" as const,
    })),
  );
  await t.db.insert(postbackLog).values(
    Array.from({ length: 50 }, (_, i) => ({
      id: newId(),
      adminId: a.id,
      network: "ogads",
      method: "GET",
      path: "/postback/x",
      query: {},
      outcome: i % 3 ? ("credited" as const) : ("duplicate" as const),
      httpStatus: 200,
      response: "1",
      transactionId: `tx-${i}`,
    })),
  );
  await t.db.transaction((tx) =>
    recordAudit(
      tx,
      Array.from({ length: 40 }, (_, i) => ({
        adminId: a.id,
        actorAdminId: a.id,
        action: i % 2 ? ("user.update" as const) : ("country.update" as const),
        recordType: "user" as const,
        recordId: newId(),
        changes: {},
      })),
    ),
  );
});

afterAll(async () => {
  await t?.close();
});

describe("export batches (keyset)", () => {
  it.each(cases.map((item) => [`${item.list} ${JSON.stringify(item.queryParams)}`, item] as const))(
    "%s: the export's rows are the list's rows, in its order",
    async (_name, item) => {
      // The audit export adds its own entry when it ends: read the list first.
      const expected = await listIds(item);
      const { ids, batches } = await exportIds(item);
      expect(ids).toEqual(expected);
      expect(new Set(ids).size).toBe(ids.length);
      expect(batches).toBe(Math.floor(expected.length / batchSize) + 1);
    },
  );

  it("the data has many ties on each sort column and crosses many batches", async () => {
    const ties = await t.db.execute(sql`select
      (select count(*) - count(distinct date) from completed_offers where admin_id = ${a.id}) as offer_dates,
      (select count(*) - count(distinct payout) from completed_offers where admin_id = ${a.id}) as payouts,
      (select count(*) - count(distinct created_at) from app_users where admin_id = ${a.id}) as user_dates,
      (select count(*) - count(distinct redeem_date) from redeems where admin_id = ${a.id}) as redeem_dates`);
    const row = (ties as unknown as { rows: Record<string, number | string>[] }).rows[0] ?? {};
    for (const [column, tied] of Object.entries(row)) expect(Number(tied), column).toBeGreaterThan(5);
    expect((await exportIds({ list: "offers", queryParams: {} })).batches).toBeGreaterThan(20);
  });
});
