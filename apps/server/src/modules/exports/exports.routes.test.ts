import { type ExportList, exportLists } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type Member } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { auditLog, countries, notifications, postbackLog, rewards } from "../../db/schema/index.ts";
import { recordAudit } from "../../lib/audit.ts";
import { newId } from "../../lib/ids.ts";
import { seedDemoData } from "../../seed/demo-data.ts";
import { activityTriggers } from "../../seed/scale-data.ts";
import { csvCell } from "./csv.ts";
import type { ExportSource } from "./export-sources.ts";
import { startExport } from "./export-stream.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let countryOfA: string;

/** A small RFC 4180 reader, for checking what the server wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i += 1;
    } else cell += char;
  }
  return rows;
}

const listCalls: Record<ExportList, (tenant: Tenant) => { method: "POST" | "GET"; url: string }> = {
  users: () => ({ method: "POST", url: "/api/users" }),
  offers: () => ({ method: "POST", url: "/api/offer" }),
  redeems: () => ({ method: "POST", url: "/api/redeem" }),
  postbacks: () => ({ method: "POST", url: "/api/postbacks" }),
  audit: () => ({ method: "POST", url: "/api/audit" }),
  notifications: () => ({ method: "GET", url: "/api/notification" }),
  countries: () => ({ method: "POST", url: "/api/reward/countries/pagination" }),
  rewards: () => ({ method: "POST", url: `/api/reward/rewards/${countryOfA}` }),
};

/** Every id the list's own call answers, page by page, in its order. */
async function idsOfList(list: ExportList, tenant: Tenant, queryParams: Record<string, unknown> = {}) {
  const ids: string[] = [];
  const { method, url } = listCalls[list](tenant);
  for (let page = 1; ; page += 1) {
    const response =
      method === "GET"
        ? await t.app.inject({
            method,
            url: `${url}?pageNumber=${page}&pageSize=100`,
            headers: tenant.headers,
          })
        : await t.app.inject({
            method,
            url,
            headers: tenant.headers,
            payload: { queryParams: { ...queryParams, pageNumber: page, pageSize: 100 } },
          });
    expect(response.statusCode, response.body).toBe(200);
    const entities = response.json<{ entities: { _id: string }[] }>().entities;
    ids.push(...entities.map((entity) => entity._id));
    if (entities.length < 100) return ids;
  }
}

const exportOf = (list: ExportList, headers: object, payload: object = {}) =>
  t.app.inject({ method: "POST", url: `/api/export/${list}`, headers: headers as never, payload });

const bodyOf = (list: ExportList, queryParams: Record<string, unknown> = {}) =>
  list === "rewards"
    ? { countryId: countryOfA, queryParams }
    : list === "notifications"
      ? {}
      : { queryParams };

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 30, offers: 260, seed: 5 });
  await seedDemoData(t.db, b.id, { users: 4, offers: 15, seed: 6 });
  for (const [tenant, n] of [
    [a, 130],
    [b, 3],
  ] as const) {
    const countryId = newId();
    if (tenant === a) countryOfA = countryId;
    await t.db.insert(countries).values([
      { id: countryId, adminId: tenant.id, fullName: '=Evil, "quoted"', code: "AQ", priority: 1 },
      { id: newId(), adminId: tenant.id, fullName: "Spain", code: "ES", priority: 2 },
    ]);
    await t.db.insert(rewards).values(
      Array.from({ length: n }, (_, i) => ({
        id: newId(),
        adminId: tenant.id,
        countryId,
        name: `Reward ${i}`,
        order: i,
      })),
    );
    await t.db.insert(notifications).values(
      Array.from({ length: n }, (_, i) => ({
        id: newId(),
        adminId: tenant.id,
        title: `+Title ${i}`,
        body: "line one\nline two",
        status: i % 2 ? ("sent" as const) : ("failed" as const),
      })),
    );
    await t.db.insert(postbackLog).values(
      Array.from({ length: n }, (_, i) => ({
        id: newId(),
        adminId: tenant.id,
        network: i % 2 ? "ogads" : "lootably",
        method: "GET",
        path: "/postback/x",
        query: {},
        outcome: i % 3 ? ("credited" as const) : ("duplicate" as const),
        httpStatus: 200,
        response: "1",
        transactionId: `@tx-${i}`,
      })),
    );
    await t.db.transaction((tx) =>
      recordAudit(
        tx,
        Array.from({ length: n }, (_, i) => ({
          adminId: tenant.id,
          actorAdminId: tenant.id,
          action: i % 2 ? ("user.update" as const) : ("country.update" as const),
          recordType: "user" as const,
          recordId: newId(),
          changes: { note: { before: "-1", after: "=SUM(A1)" } },
        })),
      ),
    );
  }
});

afterAll(async () => {
  await t?.close();
});

describe("POST /api/export/:list", () => {
  it.each(exportLists)(
    "exports every row of %s in the list's order, header first, and only the app's",
    async (list) => {
      // Read first: an export of the audit log adds its own entry when it ends.
      const expected = await idsOfList(list, a);
      const response = await exportOf(list, a.headers, bodyOf(list));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(
        new RegExp(`^attachment; filename="${list}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      const [header, ...rows] = parseCsv(response.body);
      expect(header?.[0]).toBe("id");
      expect(expected.length).toBeGreaterThan(0);
      expect(rows.map((row) => row[0])).toEqual(expected);
      const idsOfB = new Set(await idsOfList(list === "rewards" ? "countries" : list, b));
      expect(rows.filter((row) => idsOfB.has(row[0] ?? "")).length).toBe(0);
    },
  );

  it("applies the list's filters and sort, ignoring paging", async () => {
    const queryParams = { filter: { network: "ogads" }, sortField: "payout", sortOrder: "asc", pageSize: 3 };
    const response = await exportOf("offers", a.headers, { queryParams });
    const [header, ...rows] = parseCsv(response.body);
    const { pageSize: _, ...filterAndSort } = queryParams;
    expect(rows.map((row) => row[0])).toEqual(await idsOfList("offers", a, filterAndSort));
    const network = header?.indexOf("network") ?? -1;
    expect(new Set(rows.map((row) => row[network]))).toEqual(new Set(["ogads"]));
    const payouts = rows.map((row) => Number(row[header?.indexOf("payout") ?? -1]));
    expect(payouts).toEqual([...payouts].sort((x, y) => x - y));
    expect(rows.length).toBeGreaterThan(3);
  });

  it("protects cells against formulas in real rows (countries, notifications, postbacks, audit)", async () => {
    const countriesCsv = (await exportOf("countries", a.headers, bodyOf("countries"))).body;
    expect(countriesCsv).toContain(`"'=Evil, ""quoted"""`);
    const notificationsCsv = parseCsv((await exportOf("notifications", a.headers, {})).body);
    expect(notificationsCsv[1]?.[2]).toMatch(/^'\+Title/);
    expect(notificationsCsv[1]?.[3]).toBe("line one\nline two");
    const postbacksCsv = parseCsv((await exportOf("postbacks", a.headers, bodyOf("postbacks"))).body);
    expect(postbacksCsv[1]?.[7]).toMatch(/^'@tx-/);
    const auditCsv = (await exportOf("audit", a.headers, bodyOf("audit"))).body;
    expect(auditCsv).not.toMatch(/(^|,)=SUM/m);
  });

  it("answers 400 for bad filters or sort before any CSV, 404 for an unknown list", async () => {
    for (const [list, payload] of [
      ["offers", { queryParams: { filter: { nope: 1 } } }],
      ["users", { queryParams: { sortField: "password" } }],
      ["redeems", { queryParams: { filter: { status: 9 } } }],
      ["audit", { queryParams: { filter: { action: "made.up" } } }],
      ["rewards", { queryParams: {} }],
    ] as const) {
      const response = await exportOf(list, a.headers, payload);
      expect(response.statusCode, `${list} ${response.body}`).toBe(400);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json().statusCode).toBe(400);
    }
    const unknown = await exportOf("secrets" as ExportList, a.headers, {});
    expect(unknown.statusCode).toBe(404);
    const otherCountry = await exportOf("rewards", b.headers, bodyOf("rewards"));
    expect(otherCountry.statusCode).toBe(404);
  });

  it("records one audit entry per export, with the list, filters and rows", async () => {
    const queryParams = { filter: { network: "lootably" } };
    const response = await exportOf("postbacks", a.headers, { queryParams });
    const rows = parseCsv(response.body).length - 1;
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, a.id), eq(auditLog.action, "export.run")))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    expect(entry?.recordType).toBe("export");
    expect(entry?.actorAdminId).toBe(a.id);
    expect(entry?.changes).toMatchObject({
      list: { after: "postbacks" },
      filters: { after: { filter: { network: "lootably" }, sortField: "createdAt", sortOrder: "desc" } },
      rows: { after: rows },
      complete: { after: true },
    });
  });

  describe("roles", () => {
    let viewer: Member;
    let support: Member;
    beforeAll(async () => {
      viewer = await addMember(t, a.id, "viewer");
      support = await addMember(t, a.id, "support");
    });
    it("lets a viewer or support export the app's lists, not the audit log", async () => {
      for (const member of [viewer, support]) {
        expect((await exportOf("users", member.headers, bodyOf("users"))).statusCode).toBe(200);
        expect((await exportOf("rewards", member.headers, bodyOf("rewards"))).statusCode).toBe(200);
        const audit = await exportOf("audit", member.headers, bodyOf("audit"));
        expect(audit.statusCode).toBe(403);
        expect(audit.headers["content-type"]).toMatch(/application\/json/);
      }
      expect((await exportOf("users", {}, bodyOf("users"))).statusCode).toBe(401);
    });
  });
});

describe("CSV cells", () => {
  it("quotes per RFC 4180 and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=1+2")).toBe("'=1+2");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("x", "y")')).toBe(`"'=HYPERLINK(""x"", ""y"")"`);
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date("2026-01-02T03:04:05.000Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});

describe("streaming", () => {
  it("reads at most one batch ahead of the reader", async () => {
    const queried: number[] = [];
    const source: ExportSource = {
      headers: ["id"],
      filtersOf: () => ({}),
      batch: async (_db, _app, _body, after, size) => {
        // Each batch starts after the previous one's last id ("<page>-<row>").
        const page = after === null ? 1 : Number(after.split("-")[0]) + 1;
        queried.push(page);
        const rows = page <= 5 ? Array.from({ length: size }, (_, i) => [`${page}-${i}`]) : [];
        return { rows, lastId: rows.at(-1)?.[0] };
      },
    };
    const lines = await startExport({
      db: t.db,
      actor: { appId: a.id, accountId: a.id, role: "owner" },
      list: "offers",
      source,
      body: {},
      batchSize: 10,
    });
    expect(lines).not.toBeNull();
    const reader = lines as AsyncGenerator<string>;
    expect((await reader.next()).value).toBe("id\r\n");
    expect(queried).toEqual([1]);
    await reader.next();
    // While the reader takes batch 1, batch 2 is read; batch 3 waits until batch 2 is taken.
    expect(queried).toEqual([1, 2]);
    await reader.next();
    expect(queried).toEqual([1, 2, 3]);
    let rest = 0;
    for await (const chunk of reader) rest += chunk.split("\r\n").length - 1;
    expect(rest).toBe(30);
    expect(queried).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("streams 20,000 offers over HTTP: chunks arrive before the export has ended", async () => {
    // Loaded as the bulk seed loads: without the rollup triggers (a dozen upserts per row, about a minute on
    // PGlite), then the tenant's rollups rebuilt from its rows, in one transaction.
    await t.db.transaction(async (tx) => {
      const offerTriggers = activityTriggers.filter(([table]) => table === "completed_offers");
      const rollupTriggers = (state: "enable" | "disable") =>
        tx.execute(
          sql.raw(
            `alter table completed_offers ${offerTriggers.map(([, trigger]) => `${state} trigger ${trigger}`).join(", ")}`,
          ),
        );
      await rollupTriggers("disable");
      await tx.execute(sql`
        insert into completed_offers (id, admin_id, user_id, network, transaction_id, offer_name, payout, points, date)
        select gen_random_uuid(), ${b.id}, (select id from app_users where admin_id = ${b.id} limit 1), 'ogads',
               'bulk-' || n, 'Bulk offer ' || n, 0.5, 500, now() - (n || ' seconds')::interval
        from generate_series(1, 20000) as n`);
      // Any other deferred trigger fires now: a table with pending trigger events cannot be altered.
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(
        sql`select activity_rebuild(${b.id}), analytics_rebuild(${b.id}), list_buckets_rebuild(${b.id})`,
      );
      await rollupTriggers("enable");
    });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${address}/api/export/offers`, {
      method: "POST",
      headers: { ...b.headers, "content-type": "application/json" },
      body: JSON.stringify({ queryParams: { filter: { network: "ogads" } } }),
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let chunks = 0;
    let lines = 0;
    let firstChunkAt = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      if (chunks === 1) firstChunkAt = Date.now();
      for (const byte of value) if (byte === 10) lines += 1;
    }
    expect(chunks).toBeGreaterThan(1);
    expect(lines).toBeGreaterThan(20_000);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, b.id), eq(auditLog.action, "export.run")))
      .orderBy(sql`${auditLog.createdAt} desc`)
      .limit(1);
    // The entry is written after the last batch was read: the first bytes reached the client before that.
    expect(entry?.createdAt.getTime()).toBeGreaterThan(firstChunkAt);
  }, 120_000);
});
