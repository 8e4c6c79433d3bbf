import type { SavedView, SavedViewsAnswer } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, type Member } from "../../../test/support/members.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { auditLog } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let adminA: Member;
let viewerA: Member;
let supportA: Member;

type Caller = { headers: Record<string, string> };

const state = { status: "0", sortField: "redeemDate", sortOrder: "asc", pageSize: "50", hide: "ip,country" };

function save(caller: Caller, body: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/views", headers: caller.headers, payload: body });
}

async function saved(caller: Caller, body: Record<string, unknown>): Promise<SavedView> {
  const response = await save(caller, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SavedView>();
}

async function views(caller: Caller, list = "redeems"): Promise<SavedView[]> {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/views",
    query: { list },
    headers: caller.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedViewsAnswer>().views;
}

const remove = (caller: Caller, id: string) =>
  t.app.inject({ method: "DELETE", url: `/api/views/${id}`, headers: caller.headers });

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  adminA = await addMember(t, a.id, "admin");
  viewerA = await addMember(t, a.id, "viewer");
  supportA = await addMember(t, a.id, "support");
});

afterAll(async () => {
  await t.close();
});

describe("saved views", () => {
  it("saves a private view (page left out) and lists it to its owner only", async () => {
    const view = await saved(viewerA, {
      list: "redeems",
      name: "  Pending by date ",
      state: { ...state, page: "3" },
    });
    expect(view).toMatchObject({
      list: "redeems",
      name: "Pending by date",
      shared: false,
      state,
      ownerId: viewerA.id,
      mine: true,
    });
    expect(new Date(view.createdAt).getTime()).not.toBeNaN();
    expect((await views(viewerA)).map((v) => v.name)).toEqual(["Pending by date"]);
    expect(await views(a)).toEqual([]);
    expect(await views(supportA)).toEqual([]);
    expect(await views(b)).toEqual([]);
    // Another list of the same member holds none of it.
    expect(await views(viewerA, "offers")).toEqual([]);
  });

  it("shows a shared view to every member of the app, not to another app, ordered by name", async () => {
    const shared = await saved(adminA, { list: "redeems", name: "b shared", shared: true, state });
    await saved(adminA, { list: "redeems", name: "A mine", state: {} });
    expect((await views(adminA)).map((v) => [v.name, v.mine])).toEqual([
      ["A mine", true],
      ["b shared", true],
    ]);
    const seen = await views(viewerA);
    expect(seen.map((v) => [v.name, v.mine, v.shared])).toEqual([
      ["b shared", false, true],
      ["Pending by date", true, false],
    ]);
    expect(await views(b)).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "view.create"), eq(auditLog.recordId, shared._id)));
    expect(entry).toMatchObject({ adminId: a.id, actorAdminId: adminA.id, recordType: "view" });
  });

  it("refuses a shared view to roles that may not change the app's settings", async () => {
    for (const member of [viewerA, supportA]) {
      const response = await save(member, { list: "users", name: "Team view", shared: true, state: {} });
      expect(response.statusCode).toBe(403);
    }
    const mine = await saved(a, { list: "users", name: "Owner shared", shared: true, state: {} });
    expect(mine.shared).toBe(true);
    // The viewer sees it but may not delete it.
    expect((await remove(viewerA, mine._id)).statusCode).toBe(403);
    expect((await views(viewerA, "users")).map((v) => v.name)).toEqual(["Owner shared"]);
  });

  it("answers 409 for a duplicate name, in any case, among own views and among shared ones", async () => {
    const own = await save(viewerA, { list: "redeems", name: "PENDING BY DATE", state: {} });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/already have a view named/);
    // The same name is free for another member, and for the same member on another list.
    await saved(supportA, { list: "redeems", name: "Pending by date", state: {} });
    await saved(viewerA, { list: "offers", name: "Pending by date", state: {} });
    const shared = await save(a, { list: "redeems", name: "B Shared", shared: true, state: {} });
    expect(shared.statusCode).toBe(409);
    expect(shared.json().message).toMatch(/shared view named/);
  });

  it("validates list, name and state with 400s", async () => {
    const bad: Record<string, unknown>[] = [
      { list: "nope", name: "x", state: {} },
      { name: "x", state: {} },
      { list: "users", name: "   ", state: {} },
      { list: "users", name: "x".repeat(61), state: {} },
      { list: "users", name: "x", state: { status: 1 } },
      { list: "users", name: "x", state: { ["k".repeat(41)]: "v" } },
      { list: "users", name: "x", state: { k: "v".repeat(501) } },
      {
        list: "users",
        name: "x",
        state: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, "v"])),
      },
      { list: "users", name: "x" },
      { list: "users", name: "x", state: [] },
    ];
    for (const body of bad) {
      const response = await save(viewerA, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    await saved(viewerA, {
      list: "users",
      name: "x".repeat(60),
      state: { ["k".repeat(40)]: "v".repeat(500) },
    });
    const query = await t.app.inject({ method: "GET", url: "/api/views?list=bad", headers: viewerA.headers });
    expect(query.statusCode).toBe(400);
    expect((await remove(viewerA, "not-an-id")).statusCode).toBe(400);
  });

  it("deletes own private views; another's private view and another app's view are 404", async () => {
    const mine = await saved(supportA, { list: "audit", name: "Mine", state: {} });
    expect((await remove(viewerA, mine._id)).statusCode).toBe(404);
    expect((await remove(a, mine._id)).statusCode).toBe(404);
    expect((await remove(b, mine._id)).statusCode).toBe(404);
    expect((await remove(supportA, newId())).statusCode).toBe(404);
    const gone = await remove(supportA, mine._id);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe("");
    expect(await views(supportA, "audit")).toEqual([]);
    expect((await remove(supportA, mine._id)).statusCode).toBe(404);
  });

  it("lets an admin delete the app's shared view (audited); another app cannot", async () => {
    const shared = await saved(a, { list: "countries", name: "Shared", shared: true, state: {} });
    expect((await remove(b, shared._id)).statusCode).toBe(404);
    expect((await remove(adminA, shared._id)).statusCode).toBe(204);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "view.delete"), eq(auditLog.recordId, shared._id)));
    expect(entry).toMatchObject({ adminId: a.id, actorAdminId: adminA.id });
  });

  it("keeps at most 50 views per member per list", async () => {
    for (let i = 0; i < 50; i++) await saved(b, { list: "notifications", name: `View ${i}`, state: {} });
    const over = await save(b, { list: "notifications", name: "One more", state: {} });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/At most 50/);
    // Another list, or another member, is not affected.
    await saved(b, { list: "rewards", name: "One more", state: {} });
    expect((await views(b, "notifications")).length).toBe(50);
  });
});
