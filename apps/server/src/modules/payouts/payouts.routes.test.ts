import { codeImportLimits, messages } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type Member } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { auditLog, rewardCodes, rewardItems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { seedDemoCatalog } from "../../seed/demo-catalog.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** Items of A (three of them) and one of B. */
let itemA: string;
let itemA2: string;
let itemA3: string;
let itemB: string;
let support: Member;
let viewer: Member;
let adminMember: Member;

type Rows<T> = { rows: T[] };

async function itemsOf(adminId: string): Promise<string[]> {
  const rows = await t.db
    .select({ id: rewardItems.id })
    .from(rewardItems)
    .where(eq(rewardItems.adminId, adminId))
    .orderBy(rewardItems.id);
  return rows.map((row) => row.id);
}

function importCsv(
  tenant: { headers: Record<string, string> },
  itemId: string,
  csv: string,
  options: { dryRun?: boolean; as?: "json" | "csv" } = {},
) {
  const query = options.dryRun === undefined ? "" : `?dryRun=${options.dryRun}`;
  const asCsv = options.as === "csv";
  return t.app.inject({
    method: "POST",
    url: `/api/payouts/items/${itemId}/codes${query}`,
    headers: { ...tenant.headers, "content-type": asCsv ? "text/csv; charset=utf-8" : "application/json" },
    payload: asCsv ? csv : JSON.stringify({ csv }),
  });
}

async function importOk(
  itemId: string,
  csv: string,
  options: { dryRun?: boolean; as?: "json" | "csv" } = {},
) {
  const response = await importCsv(a, itemId, csv, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const codeCount = async (adminId = a.id) =>
  (await t.db.select().from(rewardCodes).where(eq(rewardCodes.adminId, adminId))).length;

const auditCount = async (action: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, a.id), eq(auditLog.action, action)))
  ).length;

const stock = async (itemId: string, tenant: { headers: Record<string, string> } = a) =>
  t.app.inject({ method: "GET", url: `/api/payouts/items/${itemId}/stock`, headers: tenant.headers });

const list = (itemId: string, query = "", tenant: { headers: Record<string, string> } = a) =>
  t.app.inject({ method: "GET", url: `/api/payouts/items/${itemId}/codes${query}`, headers: tenant.headers });

async function codeIdOf(itemId: string, last4: string) {
  const [row] = await t.db
    .select({ id: rewardCodes.id })
    .from(rewardCodes)
    .where(and(eq(rewardCodes.rewardItemId, itemId), eq(rewardCodes.last4, last4)));
  return row?.id ?? "";
}

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
  await seedDemoCatalog(t.db, a.id);
  await seedDemoCatalog(t.db, b.id);
  [itemA = "", itemA2 = "", itemA3 = ""] = await itemsOf(a.id);
  [itemB = ""] = await itemsOf(b.id);
  support = await addMember(t, a.id, "support");
  viewer = await addMember(t, a.id, "viewer");
  adminMember = await addMember(t, a.id, "admin");
});
afterAll(() => t.close());

describe("POST /api/payouts/items/:itemId/codes (import)", () => {
  const csv =
    "code,pin,expires\nAMZN-0000-1111,1234,2099-12-31\nAMZN-0000-2222,,\nAMZN-0000-3333,,2099-01-01\n";

  it("answers what an import would do on a dry run, and changes nothing", async () => {
    const before = await codeCount();
    const answer = await importOk(itemA, csv, { dryRun: true });
    expect(answer).toEqual({ added: 3, duplicates: 0, invalid: [], dryRun: true });
    expect(await codeCount()).toBe(before);
    expect(await auditCount("rewardCode.import")).toBe(0);
  });

  it("adds every good row, audits the counts and never a code", async () => {
    const answer = await importOk(itemA, csv, { dryRun: false });
    expect(answer).toEqual({ added: 3, duplicates: 0, invalid: [], dryRun: false });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, a.id), eq(auditLog.action, "rewardCode.import")));
    expect(entry).toMatchObject({ recordType: "rewardCode", recordId: itemA });
    expect(entry?.changes).toEqual({
      added: { after: 3 },
      duplicates: { after: 0 },
      invalid: { after: 0 },
    });
    expect(JSON.stringify(entry)).not.toContain("AMZN");
    expect((await stock(itemA)).json()).toEqual({ available: 3, used: 0, expired: 0 });
  });

  it("stores codes and PINs encrypted", async () => {
    const result = (await t.db.execute(
      sql`select code, pin from reward_codes where reward_item_id = ${itemA} and pin is not null`,
    )) as unknown as Rows<{ code: string; pin: string }>;
    const [row] = result.rows;
    expect(row?.code.startsWith("enc:v1:")).toBe(true);
    expect(row?.code).not.toContain("AMZN-0000-1111");
    expect(row?.pin.startsWith("enc:v1:")).toBe(true);
    expect(row?.pin).not.toContain("1234");
  });

  it("counts repeats in the file and codes already stored (in any item of the app) as duplicates", async () => {
    const file = "Code\nAMZN-0000-1111\nNEW-CODE-0001\nNEW-CODE-0001\n AMZN-0000-2222 \nNEW-CODE-0002\n";
    const preview = await importOk(itemA2, file, { dryRun: true });
    expect(preview).toEqual({ added: 2, duplicates: 3, invalid: [], dryRun: true });
    const answer = await importOk(itemA2, file);
    expect(answer).toEqual({ added: 2, duplicates: 3, invalid: [], dryRun: false });
    // Codes differing only in case are different codes.
    expect(await importOk(itemA3, "code\nnew-code-0001\n", { dryRun: true })).toMatchObject({ added: 1 });
    // Another app may hold the same code.
    const other = await importCsv(b, itemB, "code\nAMZN-0000-1111\n");
    expect(other.json()).toMatchObject({ added: 1, duplicates: 0 });
  });

  it("reports invalid rows by line, and adds the good ones", async () => {
    const file = [
      "code,pin,expires,note", // 1
      ",1234,", // 2: empty code
      `${"X".repeat(codeImportLimits.codeLength + 1)},,`, // 3: too long
      `PIN-TOO-LONG-01,${"9".repeat(codeImportLimits.pinLength + 1)},`, // 4
      "", // 5: an empty line is skipped
      "BAD-DATE-00001,,31/12/2099", // 6
      "BAD-DATE-00002,,2099-02-30", // 7
      "EXPIRED-000001,,2020-01-01", // 8
      '"MULTI-LINE-01",",\n",2099-01-01', // 9-10: a quoted PIN spanning two lines
      "GOOD-ROW-00001,,,a note", // 11
      `${"Y".repeat(codeImportLimits.codeLength)},,`, // 12: exactly the longest
    ].join("\n");
    const answer = await importOk(itemA3, file);
    expect(answer.invalid).toEqual([
      { line: 2, reason: "The code is empty" },
      { line: 3, reason: `The code is longer than ${codeImportLimits.codeLength} characters` },
      { line: 4, reason: `The PIN is longer than ${codeImportLimits.pinLength} characters` },
      { line: 6, reason: 'expires must be a date written YYYY-MM-DD, not "31/12/2099"' },
      { line: 7, reason: 'expires must be a date written YYYY-MM-DD, not "2099-02-30"' },
      { line: 8, reason: "The code expired on 2020-01-01" },
    ]);
    expect(answer).toMatchObject({ added: 3, duplicates: 0 });
    expect(JSON.stringify(answer)).not.toContain("XXXX");
  });

  it("takes the CSV as text/csv too, with a byte-order mark", async () => {
    const answer = await importOk(itemA3, "\uFEFFCODE,x\nCSV-BODY-00001\n", { as: "csv" });
    expect(answer).toEqual({ added: 1, duplicates: 0, invalid: [], dryRun: false });
    expect(await codeIdOf(itemA3, "0001")).not.toBe("");
  });

  it.each([
    ["no header", "AMZN-9999-0001\nAMZN-9999-0002\n", /header naming the columns: code/],
    [
      "an unclosed quote",
      'code\nGOOD-0001\n"BROKEN-0002\nGOOD-0003\n',
      /The CSV cannot be read: Quote Not Closed/,
    ],
    ["a quote inside a field", 'code\nBRO"KEN\n', /The CSV cannot be read/],
  ])("refuses a file with %s (400), changing nothing", async (_, file, message) => {
    const before = await codeCount();
    const audits = await auditCount("rewardCode.import");
    for (const as of ["json", "csv"] as const) {
      const response = await importCsv(a, itemA3, file, { as });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await codeCount()).toBe(before);
    expect(await auditCount("rewardCode.import")).toBe(audits);
  });

  it("refuses an empty body and a file with more rows than the limit", async () => {
    const empty = await importCsv(a, itemA3, "");
    expect(empty.statusCode).toBe(400);
    const rows = Array.from({ length: codeImportLimits.rows + 1 }, (_, i) => `MANY-${i}`);
    const tooMany = await importCsv(a, itemA3, `code\n${rows.join("\n")}`, { dryRun: true });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(`more than ${codeImportLimits.rows} rows`);
  });

  it("answers 404 for an unknown item and for another app's item, before reading the file", async () => {
    const before = await codeCount(b.id);
    for (const itemId of [newId(), itemB]) {
      const response = await importCsv(a, itemId, "not a csv at all", { dryRun: false });
      expect(response.statusCode).toBe(404);
    }
    expect(await codeCount(b.id)).toBe(before);
  });

  it("never stores a code twice when two imports of the same codes race", async () => {
    const file = `code\n${Array.from({ length: 50 }, (_, i) => `RACE-CODE-${i}`).join("\n")}`;
    const answers = await Promise.all([importOk(itemA2, file), importOk(itemA3, file)]);
    expect(answers.map((answer) => answer.added).reduce((x, y) => x + y)).toBe(50);
    expect(answers.map((answer) => answer.duplicates).reduce((x, y) => x + y)).toBe(50);
  });

  it("is refused to support and viewer members (catalog.write)", async () => {
    for (const member of [support, viewer]) {
      const response = await importCsv(member, itemA, "code\nROLE-CODE-0001\n");
      expect(response.statusCode).toBe(403);
    }
  });
});

describe("stock and the code list", () => {
  it("counts available, used and expired codes", async () => {
    await t.db
      .update(rewardCodes)
      .set({ usedAt: new Date() })
      .where(eq(rewardCodes.id, await codeIdOf(itemA, "2222")));
    await t.db
      .update(rewardCodes)
      .set({ expiresOn: "2020-06-30" })
      .where(eq(rewardCodes.id, await codeIdOf(itemA, "3333")));
    expect((await stock(itemA)).json()).toEqual({ available: 1, used: 1, expired: 1 });
    expect((await stock(itemA, viewer)).statusCode).toBe(200);
    expect((await stock(itemB)).statusCode).toBe(404);
    expect((await stock(newId())).statusCode).toBe(404);
  });

  it("lists codes newest first, masked, with a state filter and pages", async () => {
    const response = await list(itemA2);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    // NEW-CODE-0001 and 0002, and whichever race codes this item won.
    expect(answer.totalCount).toBeGreaterThanOrEqual(2);
    for (const code of answer.entities) {
      expect(code.maskedCode).toMatch(/^••••.{4}$/);
      expect(code).not.toHaveProperty("code");
    }
    const times = answer.entities.map((code: { createdAt: string }) => code.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(response.body).not.toContain("NEW-CODE-0001");
    const ofA = (await list(itemA)).json().entities;
    expect(ofA.find((code: { maskedCode: string }) => code.maskedCode === "••••1111")).toMatchObject({
      hasPin: true,
      expiresAt: "2099-12-31",
    });
    const used = (await list(itemA, "?state=used")).json();
    expect(used.totalCount).toBe(1);
    expect(used.entities[0]).toMatchObject({ state: "used" });
    expect((await list(itemA, "?state=expired")).json().entities[0]).toMatchObject({ state: "expired" });
    const page = (await list(itemA, "?pageSize=1&pageNumber=2")).json();
    expect(page).toMatchObject({ totalCount: 3 });
    expect(page.entities).toHaveLength(1);
    expect((await list(itemA, "?state=gone")).statusCode).toBe(400);
    expect((await list(itemB)).statusCode).toBe(404);
  });

  it("masks a short code entirely", async () => {
    await importOk(itemA3, "code\nAB12\n");
    const answer = (await list(itemA3)).json();
    expect(answer.entities[0].maskedCode).toBe("••••");
  });
});

describe("reveal and delete", () => {
  it("reveals a code and its PIN to owner and admin, audited without the value", async () => {
    const id = await codeIdOf(itemA, "1111");
    const url = `/api/payouts/codes/${id}/reveal`;
    for (const tenant of [a, adminMember]) {
      const response = await t.app.inject({ method: "POST", url, headers: tenant.headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: "AMZN-0000-1111", pin: "1234" });
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "rewardCode.reveal"), eq(auditLog.recordId, id)));
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain("AMZN-0000-1111");
  });

  it("refuses a reveal to support and viewer (403) and another app's code (404)", async () => {
    const id = await codeIdOf(itemA, "1111");
    for (const member of [support, viewer]) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/payouts/codes/${id}/reveal`,
        headers: member.headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(messages.roleForbidden);
    }
    const other = await t.app.inject({
      method: "POST",
      url: `/api/payouts/codes/${id}/reveal`,
      headers: b.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it("deletes an unused code (audited), keeps a used one (409) and another app's (404)", async () => {
    const unused = await codeIdOf(itemA, "3333");
    const other = await t.app.inject({
      method: "DELETE",
      url: `/api/payouts/codes/${unused}`,
      headers: b.headers,
    });
    expect(other.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/payouts/codes/${unused}`,
      headers: a.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await auditCount("rewardCode.delete")).toBe(1);
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/payouts/codes/${unused}`,
      headers: a.headers,
    });
    expect(again.statusCode).toBe(404);

    const [usedCode] = await t.db
      .select({ id: rewardCodes.id })
      .from(rewardCodes)
      .where(and(eq(rewardCodes.rewardItemId, itemA), sql`${rewardCodes.usedAt} is not null`));
    const refused = await t.app.inject({
      method: "DELETE",
      url: `/api/payouts/codes/${usedCode?.id}`,
      headers: a.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.codeUsed);
    expect(await auditCount("rewardCode.delete")).toBe(1);
  });
});
