import type { AppUser, AppUserDetails, AppUserListAnswer } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, pointsLedger } from "../../db/schema/index.ts";
import { seedDemoData } from "../../seed/demo-data.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let allOfA: AppUser[];

async function list(tenant: Tenant, queryParams: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/users?group=false",
    headers: tenant.headers,
    payload: { queryParams },
  });
}

async function listOk(tenant: Tenant, queryParams: Record<string, unknown>): Promise<AppUserListAnswer> {
  const response = await list(tenant, queryParams);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 30, offers: 150, seed: 1 });
  await seedDemoData(t.db, b.id, { users: 6, offers: 20, seed: 2 });
  allOfA = (await listOk(a, { pageSize: 100 })).entities;
});
afterAll(() => t.close());

describe("POST /api/users (list)", () => {
  it("answers the tenant's users newest first, 10 a page by default", async () => {
    const page = await listOk(a, {});
    expect(page.totalCount).toBe(30);
    expect(page.entities).toHaveLength(10);
    const dates = page.entities.map((user) => user.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(allOfA).toHaveLength(30);
  });

  it("pages through without repeating or skipping anyone", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((pageNumber) => listOk(a, { pageSize: 8, pageNumber })));
    const ids = pages.flatMap((page) => page.entities.map((user) => user._id));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it("sorts by Credit both ways", async () => {
    const ascending = (await listOk(a, { sortField: "points", sortOrder: "asc", pageSize: 100 })).entities;
    const points = ascending.map((user) => user.points);
    expect(points).toEqual([...points].sort((x, y) => x - y));
    const descending = (await listOk(a, { sortField: "points", sortOrder: "desc", pageSize: 1 })).entities;
    expect(descending[0]?.points).toBe(Math.max(...points));
  });

  it("filters by e-mail substring, case-insensitively and trimmed", async () => {
    const sample = allOfA[3]?.username ?? "";
    const part = sample.slice(2, 7);
    const page = await listOk(a, { filter: { username: `  ${part.toUpperCase()} ` }, pageSize: 100 });
    const expected = allOfA.filter((user) => user.username.includes(part.toLowerCase()));
    expect(page.totalCount).toBe(expected.length);
    expect(page.entities.map((user) => user._id).sort()).toEqual(expected.map((user) => user._id).sort());
  });

  it("treats LIKE wildcards in the e-mail filter as text", async () => {
    expect((await listOk(a, { filter: { username: "%" } })).totalCount).toBe(0);
    expect((await listOk(a, { filter: { username: "_" } })).totalCount).toBe(
      allOfA.filter((user) => user.username.includes("_")).length,
    );
  });

  it("filters by signup IP prefix, visitor id and id exactly", async () => {
    const user = allOfA[5] as AppUser;
    const prefix = (user.ipSignup ?? "").split(".").slice(0, 2).join(".");
    const byIp = await listOk(a, { filter: { ipSignup: prefix }, pageSize: 100 });
    expect(byIp.totalCount).toBe(allOfA.filter((u) => u.ipSignup?.startsWith(prefix)).length);
    expect(byIp.entities.every((u) => u.ipSignup?.startsWith(prefix))).toBe(true);

    // The demo data has accounts sharing a visitorId (linked accounts): all of them match.
    const byVisitor = await listOk(a, { filter: { visitorId: user.visitorId } });
    expect(byVisitor.entities.map((u) => u._id).sort()).toEqual(
      allOfA
        .filter((u) => u.visitorId === user.visitorId)
        .map((u) => u._id)
        .sort(),
    );
    expect(byVisitor.entities.map((u) => u._id)).toContain(user._id);
    expect((await listOk(a, { filter: { visitorId: (user.visitorId ?? "").slice(0, 5) } })).totalCount).toBe(
      0,
    );

    const byId = await listOk(a, { filter: { _id: user._id } });
    expect(byId.entities.map((u) => u._id)).toEqual([user._id]);
  });

  it("filters by status: 2 Banned, 3 Active", async () => {
    const banned = await listOk(a, { filter: { status: 2 }, pageSize: 100 });
    const active = await listOk(a, { filter: { status: 3 }, pageSize: 100 });
    expect(banned.totalCount + active.totalCount).toBe(30);
    expect(banned.entities.every((u) => !u.isActive && u.status === 2)).toBe(true);
    expect(active.entities.every((u) => u.isActive && u.status === 3)).toBe(true);
  });

  it("never shows another administrator's users", async () => {
    const page = await listOk(b, { pageSize: 100 });
    expect(page.totalCount).toBe(6);
    const idsOfA = new Set(allOfA.map((user) => user._id));
    expect(page.entities.some((user) => idsOfA.has(user._id))).toBe(false);
    expect((await listOk(b, { filter: { _id: allOfA[0]?._id } })).totalCount).toBe(0);
  });

  it.each([
    ["an unknown filter key", { filter: { email: "x" } }, "queryParams.filter"],
    ["an unknown sort field", { sortField: "password" }, "queryParams.sortField"],
    ["page size 0", { pageSize: 0 }, "queryParams.pageSize"],
    ["page size 101", { pageSize: 101 }, "queryParams.pageSize"],
    ["page number 0", { pageNumber: 0 }, "queryParams.pageNumber"],
    ["a status that is not 2 or 3", { filter: { status: 1 } }, "queryParams.filter.status"],
    ["an id that is not an id", { filter: { _id: "42" } }, "queryParams.filter._id"],
    ["a sort order that is not asc or desc", { sortOrder: "up" }, "queryParams.sortOrder"],
  ])("answers 400 for %s", async (_name, queryParams, field) => {
    const response = await list(a, queryParams);
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      statusCode: number;
      message: string;
      fieldErrors: Record<string, string>;
    }>();
    expect(body.statusCode).toBe(400);
    expect(Object.keys(body.fieldErrors)).toContain(field);
  });

  it("answers 400 for a body without queryParams, and 401 without a token", async () => {
    const noParams = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: a.headers,
      payload: {},
    });
    expect(noParams.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { ...a.headers, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/users", payload: { queryParams: {} } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /api/users/{id} and /api/users/details/{id}", () => {
  it("answers one user, and 404 for another administrator's", async () => {
    const user = allOfA[0] as AppUser;
    const own = await t.app.inject({ method: "GET", url: `/api/users/${user._id}`, headers: a.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(user);
    const other = await t.app.inject({ method: "GET", url: `/api/users/${user._id}`, headers: b.headers });
    expect(other.statusCode).toBe(404);
    const notAnId = await t.app.inject({ method: "GET", url: "/api/users/not-an-id", headers: a.headers });
    expect(notAnId.statusCode).toBe(400);
  });

  it("answers the details: network size and revenue, last 10 offers, devices, fingerprint", async () => {
    const referrers = await t.db
      .selectDistinct({ id: appUsers.referredBy })
      .from(appUsers)
      .where(eq(appUsers.adminId, a.id));
    const referrerId = referrers.find((row) => row.id)?.id as string;
    const response = await t.app.inject({
      method: "GET",
      url: `/api/users/details/${referrerId}`,
      headers: a.headers,
    });
    expect(response.statusCode).toBe(200);
    const details = response.json<AppUserDetails>();
    const referred = await t.db.select().from(appUsers).where(eq(appUsers.referredBy, referrerId));
    expect(details.usersReferedCount).toBe(referred.length);
    const rows = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, referrerId));
    const referralSum = rows
      .filter((row) => row.reason === "referral" || row.reason === "referral_reversal")
      .reduce((sum, row) => sum + row.amount, 0);
    expect(details.sum).toBe(referralSum);
    expect(details.completedOffers.length).toBeLessThanOrEqual(10);
    const dates = details.completedOffers.map((offer) => offer.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(details.devices.length).toBeGreaterThan(0);
    expect(details.userInfo).toMatchObject({ platform: expect.any(String) });
    expect(details.ipOfSignup).toBe(details.ipSignup);

    const other = await t.app.inject({
      method: "GET",
      url: `/api/users/details/${referrerId}`,
      headers: b.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("PUT /api/users/{id}", () => {
  const edit = (tenant: Tenant, id: string, payload: object) =>
    t.app.inject({ method: "PUT", url: `/api/users/${id}`, headers: tenant.headers, payload });
  const adjustmentsOf = (userId: string) =>
    t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, "admin_adjustment")))
      .orderBy(pointsLedger.createdAt);
  const rowOf = async (id: string) => (await t.db.select().from(appUsers).where(eq(appUsers.id, id)))[0];

  it("saves the form; points move only by a signed delta, one admin adjustment naming the admin and the reason", async () => {
    const user = allOfA[2] as AppUser;
    const response = await edit(a, user._id, {
      referCode: "NEW1",
      provision: 12.5,
      isVerfied: !user.isVerfied,
      pointsDelta: 250,
      pointsReason: "  Missing survey credit  ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      referCode: "NEW1",
      provision: 12.5,
      points: user.points + 250,
      isVerfied: !user.isVerfied,
    });
    const adjustments = await adjustmentsOf(user._id);
    expect(adjustments).toMatchObject([
      { amount: 250, actorAdminId: a.id, note: "Missing survey credit", adminId: a.id },
    ]);

    // A removal down to exactly zero is allowed.
    const down = await edit(a, user._id, {
      referCode: "NEW1",
      provision: 12.5,
      isVerfied: true,
      pointsDelta: -(user.points + 250),
      pointsReason: "Fraud",
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json<AppUser>().points).toBe(0);
    // Without a delta (0 or absent) the balance is left alone and no row is written.
    for (const body of [{}, { pointsDelta: 0 }, { pointsDelta: 0, pointsReason: "" }]) {
      const again = await edit(a, user._id, { referCode: "NEW1", provision: 12.5, isVerfied: true, ...body });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<AppUser>().points).toBe(0);
    }
    expect((await adjustmentsOf(user._id)).map((row) => [row.amount, row.note])).toEqual([
      [250, "Missing survey credit"],
      [-(user.points + 250), "Fraud"],
    ]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("refuses a body that still sets the balance (points), with a message saying how, and changes nothing", async () => {
    const user = allOfA[3] as AppUser;
    for (const points of [user.points, 0, 999_999, null]) {
      const response = await edit(a, user._id, {
        referCode: "OLD1",
        provision: 0,
        isVerfied: true,
        points,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        points:
          "The balance cannot be set directly: send pointsDelta (the points to add, negative to remove) and pointsReason",
      });
    }
    expect(await rowOf(user._id)).toMatchObject({ points: user.points, referCode: user.referCode });
    expect(await adjustmentsOf(user._id)).toEqual([]);
  });

  it("refuses (409, on the field) a delta that would leave a negative balance, and changes nothing", async () => {
    const user = allOfA[11] as AppUser;
    const response = await edit(a, user._id, {
      referCode: "NEG1",
      provision: 0,
      isVerfied: true,
      pointsDelta: -(user.points + 1),
      pointsReason: "Too much",
    });
    expect(response.statusCode).toBe(409);
    const message = `This change would leave the user with a negative balance (they have ${user.points} points)`;
    expect(response.json()).toMatchObject({ message, fieldErrors: { pointsDelta: message } });
    expect(await rowOf(user._id)).toMatchObject({ points: user.points, referCode: user.referCode });
    expect(await adjustmentsOf(user._id)).toEqual([]);
  });

  it("refuses a Share Key another user has, with the message on the field", async () => {
    const [first, second] = allOfA as [AppUser, AppUser];
    const response = await edit(a, second._id, {
      referCode: first.referCode,
      provision: 0,
      isVerfied: false,
      pointsDelta: 10,
      pointsReason: "Bonus",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().fieldErrors).toEqual({
      referCode: "This Share Key is already used by another user",
    });
    expect(await adjustmentsOf(second._id)).toEqual([]);
  });

  const form = { referCode: "ABC", provision: 0, isVerfied: true };
  it.each([
    [{ ...form, referCode: "" }, { referCode: "Invite Code is required" }],
    [{ ...form, referCode: "AB" }, { referCode: "Minimum 3 symbols" }],
    [{ ...form, referCode: "ABCDEFG" }, { referCode: "Maximum 6 symbols" }],
    [{ ...form, provision: 101 }, { provision: "Maximum 100" }],
    [{ ...form, provision: -1 }, { provision: "Minimum 0" }],
    [{ referCode: "ABC", isVerfied: true }, { provision: "Provision is required" }],
    [{ ...form, pointsDelta: 1.5, pointsReason: "x" }, { pointsDelta: "Must be a whole number" }],
    [{ ...form, pointsDelta: "5", pointsReason: "x" }, { pointsDelta: "Must be a whole number" }],
    [{ ...form, pointsDelta: 5 }, { pointsReason: "Say why the points change" }],
    [{ ...form, pointsDelta: -5, pointsReason: "   " }, { pointsReason: "Say why the points change" }],
    [{ ...form, pointsDelta: 5, pointsReason: "x".repeat(201) }, { pointsReason: "Maximum 200 symbols" }],
  ])("answers 400 with the form's messages (%j)", async (payload, fieldErrors) => {
    const user = allOfA[4] as AppUser;
    const response = await edit(a, user._id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
  });

  it("answers 404 for another administrator's user and changes nothing", async () => {
    const user = allOfA[6] as AppUser;
    const response = await edit(b, user._id, {
      referCode: "HACK",
      provision: 0,
      isVerfied: true,
      pointsDelta: 999_999,
      pointsReason: "Mine now",
    });
    expect(response.statusCode).toBe(404);
    const row = await rowOf(user._id);
    expect(row?.points).toBe(user.points);
    expect(row?.referCode).toBe(user.referCode);
  });
});

describe("PUT /api/users/state/ids", () => {
  const setState = (tenant: Tenant, payload: object) =>
    t.app.inject({ method: "PUT", url: "/api/users/state/ids", headers: tenant.headers, payload });

  it("bans and activates the selected users", async () => {
    const ids = [allOfA[7]?._id, allOfA[8]?._id];
    const ban = await setState(a, { ids, status: 2 });
    expect(ban.json()).toEqual({ updated: 2 });
    const banned = await listOk(a, { filter: { status: 2 }, pageSize: 100 });
    expect(banned.entities.map((u) => u._id)).toEqual(expect.arrayContaining(ids));
    await setState(a, { ids, status: 3 });
    const active = await listOk(a, { filter: { status: 3 }, pageSize: 100 });
    expect(active.entities.map((u) => u._id)).toEqual(expect.arrayContaining(ids));
  });

  it("changes nothing of another administrator's users", async () => {
    const user = allOfA[9] as AppUser;
    const response = await setState(b, { ids: [user._id], status: 2 });
    expect(response.json()).toEqual({ updated: 0 });
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.id, user._id));
    expect(row?.isActive).toBe(user.isActive);
  });

  it("answers 400 for no ids, a bad status or ids that are not ids", async () => {
    expect((await setState(a, { ids: [], status: 2 })).json().fieldErrors).toEqual({
      ids: "Select at least one record",
    });
    expect((await setState(a, { ids: [allOfA[0]?._id], status: 1 })).statusCode).toBe(400);
    expect((await setState(a, { ids: ["x"], status: 2 })).statusCode).toBe(400);
  });
});

it("keeps every balance equal to its ledger (and the check notices a tampered balance)", async () => {
  expect(await ledgerMismatches(t.db)).toEqual([]);
  const user = allOfA[10] as AppUser;
  const [row] = await t.db.select().from(appUsers).where(eq(appUsers.id, user._id));
  await t.db
    .update(appUsers)
    .set({ points: (row?.points ?? 0) + 1 })
    .where(eq(appUsers.id, user._id));
  expect((await ledgerMismatches(t.db)).map((mismatch) => mismatch.id)).toEqual([user._id]);
  await t.db
    .update(appUsers)
    .set({ points: row?.points ?? 0 })
    .where(eq(appUsers.id, user._id));
});
