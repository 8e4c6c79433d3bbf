import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import type { DeepPageOptions, PagePath } from "../../src/lib/deep-page.ts";
import { countCap, type ListParams } from "../../src/lib/list-query.ts";
import { listAppUsers } from "../../src/modules/app-users/app-users.service.ts";
import { listAudit } from "../../src/modules/audit/audit.service.ts";
import { listOffers } from "../../src/modules/offers/offers.service.ts";
import { listPostbacks } from "../../src/modules/postbacks/postback-log.service.ts";
import { listRedeems } from "../../src/modules/redeems/redeem-queries.ts";
import { watchStatements } from "../support/statements.ts";
import { openTestDatabase } from "../support/test-database.ts";
import { seedLists } from "./seed.ts";

const adminId = "0190aaaa-0000-7000-8000-000000000001";
const otherId = "0190aaaa-0000-7000-8000-000000000002";
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedLists(database.db, adminId, "a");
  await seedLists(database.db, otherId, "b", 0.3);
}, 120_000);
afterAll(() => database.close());

type Answer = { totalCount: number; totalCountKind: string; entities: Array<{ _id: string }> };
// Each service's own filter and sort types; the cases below pass only what the contract allows.
type Lister = (params: ListParams<never, string>, options: DeepPageOptions) => Promise<Answer>;
const asLister =
  <F, S extends string>(
    list: (
      db: Database["db"],
      adminId: string,
      params: ListParams<F, S>,
      options?: DeepPageOptions,
    ) => Promise<Answer>,
  ): Lister =>
  (params, options) =>
    list(database.db, adminId, params as never, options);

type Case = {
  name: string;
  list: Lister;
  /** The list's table. */
  table: string;
  sorts: Array<{ field: string; bucketed: boolean }>;
  filters: Array<{ filter: Record<string, unknown>; indexed: boolean }>;
};

const cases: Case[] = [
  {
    name: "app users",
    table: "app_users",
    list: asLister(listAppUsers),
    sorts: [
      { field: "createdAt", bucketed: true },
      { field: "points", bucketed: true },
      { field: "username", bucketed: true },
    ],
    filters: [
      { filter: {}, indexed: true },
      { filter: { status: 3 }, indexed: true },
      { filter: { status: 2 }, indexed: true },
      { filter: { status: 3, username: "user1" }, indexed: false },
    ],
  },
  {
    name: "completed offers",
    table: "completed_offers",
    list: asLister(listOffers),
    sorts: [
      { field: "date", bucketed: true },
      { field: "payout", bucketed: true },
    ],
    filters: [
      { filter: {}, indexed: true },
      { filter: { network: "cpxresearch" }, indexed: true },
      { filter: { network: "lootably" }, indexed: true },
      { filter: { network: "bitlabs" }, indexed: true },
      { filter: { network: "ogads" }, indexed: true },
    ],
  },
  {
    name: "redeems",
    table: "redeems",
    list: asLister(listRedeems),
    sorts: [
      { field: "redeemDate", bucketed: true },
      { field: "rewardCost", bucketed: true },
    ],
    filters: [
      { filter: {}, indexed: true },
      ...[0, 1, 2, 3].map((status) => ({ filter: { status }, indexed: true })),
      { filter: { risky: true }, indexed: true },
      { filter: { risky: false }, indexed: true },
      { filter: { status: 1, risky: true }, indexed: false },
    ],
  },
  {
    name: "postback log",
    table: "postback_log",
    list: asLister(listPostbacks),
    sorts: [{ field: "createdAt", bucketed: true }],
    filters: [
      { filter: {}, indexed: true },
      { filter: { network: "cpxresearch" }, indexed: true },
      { filter: { outcome: "duplicate" }, indexed: true },
      { filter: { network: "cpxresearch", outcome: "credited" }, indexed: false },
    ],
  },
  {
    name: "audit log",
    table: "audit_log",
    list: asLister(listAudit),
    sorts: [{ field: "createdAt", bucketed: true }],
    filters: [
      { filter: {}, indexed: true },
      { filter: { action: "redeem.approve" }, indexed: true },
      { filter: { action: "user.update", actorId: otherId }, indexed: false },
    ],
  },
];

const pageSize = 7;

/**
 * The page numbers to compare: first, second, middle, near the end, the last, past it; or every page (so
 * some straddle each bucket bound).
 */
function pagesOf(total: number, every: boolean) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (every) return Array.from({ length: last + 1 }, (_, index) => index + 1);
  const middle = Math.max(1, Math.floor(last / 2));
  return [...new Set([1, 2, middle, middle + 1, Math.max(1, last - 3), last - 1, last, last + 1])].filter(
    (page) => page >= 1,
  );
}

describe.each(cases)("$name at any depth", ({ list, sorts, filters }) => {
  it("answers every page, sort, direction and filter with the rows and count of the plain OFFSET query", async () => {
    let compared = 0;
    for (const sort of sorts)
      for (const sortOrder of ["asc", "desc"] as const)
        for (const { filter, indexed } of filters) {
          const params = (pageNumber: number, size = pageSize) =>
            ({ filter, sortField: sort.field, sortOrder, pageNumber, pageSize: size }) as ListParams<
              never,
              string
            >;
          const plainPaths: PagePath[] = [];
          const all = await list(params(1, 100_000), {
            deepFrom: Number.POSITIVE_INFINITY,
            trace: (path) => plainPaths.push(path),
          });
          expect(plainPaths).toEqual(["offset"]);
          const total = all.entities.length;
          if (indexed)
            expect({ totalCount: all.totalCount, totalCountKind: all.totalCountKind }).toEqual({
              totalCount: total,
              totalCountKind: "exact",
            });
          const label = `${sort.field} ${sortOrder} ${JSON.stringify(filter)}`;
          for (const pageNumber of pagesOf(total, Object.keys(filter).length === 0 && sortOrder === "desc")) {
            const plain = await list(params(pageNumber), { deepFrom: Number.POSITIVE_INFINITY });
            const paths: PagePath[] = [];
            const deep = await list(params(pageNumber), { deepFrom: 0, trace: (path) => paths.push(path) });
            expect(
              deep.entities.map((row) => row._id),
              `${label} page ${pageNumber}`,
            ).toEqual(plain.entities.map((row) => row._id));
            expect(plain.entities.map((row) => row._id)).toEqual(
              all.entities.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((row) => row._id),
            );
            expect(deep.totalCount).toBe(plain.totalCount);
            const start = (pageNumber - 1) * pageSize;
            const expected: PagePath =
              all.totalCountKind === "exact" && start >= total
                ? "end"
                : sort.bucketed && indexed
                  ? "buckets"
                  : all.totalCountKind === "exact" && start >= total / 2
                    ? "reverse"
                    : "offset";
            expect(paths, `${label} page ${pageNumber}`).toEqual([expected]);
            compared += 1;
          }
        }
    expect(compared).toBeGreaterThan(20);
  }, 120_000);
});

describe.each(cases)("$name's first pages", ({ list, table, sorts, filters }) => {
  const params = (filter: Record<string, unknown>, pageNumber: number) =>
    ({ filter, sortField: sorts[0]?.field, sortOrder: "desc", pageNumber, pageSize }) as ListParams<
      never,
      string
    >;

  it("reads a page and the position index's count in one statement, a count from the rows after a full page", async () => {
    for (const { filter, indexed } of filters) {
      const statements = watchStatements(database.db, [table, "list_buckets"]);
      const page = await list(params(filter, 1), {});
      statements.stop();
      // Under the cap of an exact count (a count past it also asks the planner's estimate).
      expect(page.totalCountKind).toBe("exact");
      expect(page.totalCount).toBeGreaterThanOrEqual(page.entities.length);
      expect(page.entities.length).toBe(Math.min(pageSize, page.totalCount));
      // A page that is not full is its own count; a full one counts its list apart.
      const full = page.entities.length === pageSize;
      expect(statements.sent(), JSON.stringify(filter)).toHaveLength(indexed || !full ? 1 : 2);
    }
  });

  it("counts apart only for an empty page past the first", async () => {
    const [{ filter } = { filter: {} }] = filters;
    const { totalCount } = await list(params(filter, 1), {});
    const statements = watchStatements(database.db, [table, "list_buckets"]);
    const past = await list(params(filter, Math.ceil(totalCount / pageSize) + 1), {});
    statements.stop();
    expect(past).toMatchObject({ totalCount, totalCountKind: "exact", entities: [] });
    expect(statements.sent()).toHaveLength(2);
  });
});

it("answers an empty first page of an indexed list as no rows at all, in one statement", async () => {
  const statements = watchStatements(database.db, ["app_users", "list_buckets"]);
  const none = await listAppUsers(database.db, "0190aaaa-0000-7000-8000-0000000000ff", {
    filter: { status: 2 },
    sortField: "createdAt",
    sortOrder: "desc",
    pageNumber: 1,
    pageSize,
  });
  statements.stop();
  expect(none).toMatchObject({ totalCount: 0, totalCountKind: "exact", entities: [] });
  expect(statements.sent()).toHaveLength(1);
});

/** A tenant of its own with `count` users named `<name>-<n>@<domain>`; answers its id. */
async function tenantWithUsers(id: string, name: string, domain: string, count: number) {
  await database.db.execute(sql`insert into admins (id, full_name, username, password_hash, role, status)
    values (${id}, ${name}, ${`${name}@deep.test`}, 'x', 'admin', 'active')`);
  await database.db.execute(sql`
    insert into app_users (id, admin_id, username, refer_code)
    select gen_random_uuid(), ${id}, ${`${name}-`} || n || ${`@${domain}`}, ${name} || n
    from generate_series(1, ${count}) as n`);
  return id;
}

it("answers a searched first page past the cap: rows, then the capped count, then the estimate", async () => {
  const bulk = await tenantWithUsers(
    "0190aaaa-0000-7000-8000-000000000003",
    "bulk",
    "many.test",
    countCap + 100,
  );
  await database.db.execute(sql`analyze app_users`);
  const params = (pageNumber: number) => ({
    filter: { username: "many.test" },
    sortField: "createdAt" as const,
    sortOrder: "desc" as const,
    pageNumber,
    pageSize: 10,
  });
  const statements = watchStatements(database.db, ["app_users"]);
  const page = await listAppUsers(database.db, bulk, params(1));
  statements.stop();
  expect(page.entities).toHaveLength(10);
  // Past the cap: the planner's estimate when it is above the cap, else the cap as a floor.
  if (page.totalCountKind === "estimate") expect(page.totalCount).toBeGreaterThan(countCap);
  else expect(page).toMatchObject({ totalCount: countCap, totalCountKind: "atLeast" });
  expect(
    statements
      .sent()
      .map((text) => text.slice(0, 7))
      .sort(),
  ).toEqual(["explain", "select ", "select "]);
  // An empty page past the end answers the same.
  expect(await listAppUsers(database.db, bulk, params(999))).toMatchObject({
    entities: [],
    totalCount: page.totalCount,
    totalCountKind: page.totalCountKind,
  });
});

it("counts a searched list apart only after a full page or an empty one past the first", async () => {
  const few = await tenantWithUsers("0190aaaa-0000-7000-8000-000000000004", "few", "few.test", 25);
  const search = async (text: string, pageNumber: number) => {
    const statements = watchStatements(database.db, ["app_users"]);
    const page = await listAppUsers(database.db, few, {
      filter: { username: text },
      sortField: "createdAt",
      sortOrder: "desc",
      pageNumber,
      pageSize: 10,
    });
    statements.stop();
    return { ...page, rows: page.entities.length, statements: statements.sent().length };
  };
  const answer = (rows: number, statements: number) => ({
    totalCount: 25,
    totalCountKind: "exact",
    rows,
    statements,
  });
  // Full pages: the count is a statement of its own.
  expect(await search("few.test", 1)).toMatchObject(answer(10, 2));
  expect(await search("few.test", 2)).toMatchObject(answer(10, 2));
  // The last page, 5 rows: the list ends there, its 20 rows before and 5 of its own are the count.
  expect(await search("few.test", 3)).toMatchObject(answer(5, 1));
  // Past the end: no rows to count from.
  expect(await search("few.test", 4)).toMatchObject(answer(0, 2));
  // One user found: one statement.
  expect(await search("few-7@", 1)).toMatchObject({
    totalCount: 1,
    totalCountKind: "exact",
    rows: 1,
    statements: 1,
  });
  // Nothing found on the first page: an empty list, one statement.
  expect(await search("nobody", 1)).toMatchObject({ totalCount: 0, rows: 0, statements: 1 });
});
