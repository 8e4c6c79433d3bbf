import type { Redeem, RedeemDetails, RedeemListAnswer } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMailConfig } from "../../../test/support/mail-config.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, mailOutbox, pointsLedger, redeems } from "../../db/schema/index.ts";
import { seedDemoData } from "../../seed/demo-data.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let allOfA: Redeem[];

const list = (tenant: Tenant, queryParams: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: "/api/redeem/?group=false",
    headers: tenant.headers,
    payload: { queryParams },
  });

async function listOk(tenant: Tenant, queryParams: Record<string, unknown>): Promise<RedeemListAnswer> {
  const response = await list(tenant, queryParams);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const balanceOf = async (userId: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, userId)))[0]?.points ??
  NaN;

const byStatus = (status: number) => allOfA.filter((redeem) => redeem.status === status);

const payload = (overrides: Record<string, unknown> = {}) => ({
  code: "GIFT-1234-ABCD",
  rewardName: "Amazon Gift Card",
  redeemEmail: "winner@example.com",
  subject: "Your reward is here",
  text: '<p>Thanks for playing! <strong>Enjoy</strong>.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 30, offers: 400, redeems: 24, seed: 5 });
  await seedDemoData(t.db, b.id, { users: 5, offers: 150, redeems: 3, seed: 6 });
  allOfA = (await listOk(a, { pageSize: 100 })).entities;
});
afterAll(() => t.close());

describe("POST /api/redeem (list)", () => {
  it("answers the tenant's redeems newest first, in every status", async () => {
    expect(allOfA).toHaveLength(24);
    const dates = allOfA.map((redeem) => redeem.redeemDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(allOfA.map((redeem) => redeem.status))).toEqual(new Set([0, 1, 2]));
    expect((await listOk(b, {})).totalCount).toBe(3);
  });

  it("filters by status with one numbering (0 Pending, 1 Sent, 2 Rejected), e-mail, user and id", async () => {
    for (const status of [0, 1, 2]) {
      const page = await listOk(a, { filter: { status }, pageSize: 100 });
      expect(page.entities.map((r) => r._id).sort()).toEqual(
        byStatus(status)
          .map((r) => r._id)
          .sort(),
      );
    }
    const sample = allOfA[3] as Redeem;
    const part = sample.redeemEmail.slice(1, 5).toUpperCase();
    const byEmail = await listOk(a, { filter: { redeemEmail: part }, pageSize: 100 });
    expect(byEmail.totalCount).toBe(allOfA.filter((r) => r.redeemEmail.includes(part.toLowerCase())).length);
    const byUser = await listOk(a, { filter: { redeemUser: sample.redeemUser }, pageSize: 100 });
    expect(byUser.totalCount).toBe(allOfA.filter((r) => r.redeemUser === sample.redeemUser).length);
    expect((await listOk(a, { filter: { _id: sample._id } })).entities).toEqual([sample]);
  });

  it("sorts by cost", async () => {
    const costs = (
      await listOk(a, { sortField: "rewardCost", sortOrder: "asc", pageSize: 100 })
    ).entities.map((r) => r.rewardCost);
    expect(costs).toEqual([...costs].sort((x, y) => x - y));
  });

  it.each([
    [{ filter: { status: 4 } }, "queryParams.filter.status"],
    [{ filter: { email: "x" } }, "queryParams.filter"],
    [{ sortField: "code" }, "queryParams.sortField"],
    [{ pageSize: 0 }, "queryParams.pageSize"],
    [{ pageSize: 101 }, "queryParams.pageSize"],
  ])("answers 400 for %j", async (queryParams, field) => {
    const response = await list(a, queryParams);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });

  it("answers 401 without a token", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: "/api/redeem", payload: { queryParams: {} } })).statusCode,
    ).toBe(401);
  });
});

describe("GET /api/redeem/{id}", () => {
  it("answers the redeem with its user; 404 for another administrator's", async () => {
    const sample = allOfA[0] as Redeem;
    const response = await t.app.inject({
      method: "GET",
      url: `/api/redeem/${sample._id}`,
      headers: a.headers,
    });
    expect(response.statusCode).toBe(200);
    const details = response.json<RedeemDetails>();
    expect(details).toMatchObject(sample);
    expect(details.user._id).toBe(sample.redeemUser);
    expect(details.delivery).toBeNull();
    const other = await t.app.inject({ method: "GET", url: `/api/redeem/${sample._id}`, headers: b.headers });
    expect(other.statusCode).toBe(404);
  });
});

describe("PUT /api/redeem/{id} (cancel)", () => {
  it("rejects a pending redeem and gives its points back, once", async () => {
    const pending = byStatus(0)[0] as Redeem;
    const before = await balanceOf(pending.redeemUser);
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/redeem/${pending._id}`,
      headers: a.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<RedeemDetails>().status).toBe(2);
    expect(await balanceOf(pending.redeemUser)).toBe(before + pending.rewardCost);
    const refunds = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.referenceId, pending._id), eq(pointsLedger.reason, "redeem_refund")));
    expect(refunds.map((row) => row.amount)).toEqual([pending.rewardCost]);

    const again = await t.app.inject({
      method: "PUT",
      url: `/api/redeem/${pending._id}`,
      headers: a.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(pending.redeemUser)).toBe(before + pending.rewardCost);
  });

  it("answers 404 for another administrator's redeem and changes nothing", async () => {
    const pending = byStatus(0)[1] as Redeem;
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/redeem/${pending._id}`,
      headers: b.headers,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.db.select().from(redeems).where(eq(redeems.id, pending._id));
    expect(row?.status).toBe(0);
  });
});

describe("PUT /api/redeem/state/ids", () => {
  const setState = (tenant: Tenant, body: object) =>
    t.app.inject({ method: "PUT", url: "/api/redeem/state/ids", headers: tenant.headers, payload: body });

  it("moves points with the status: Rejected refunds, leaving Rejected debits again", async () => {
    const pending = byStatus(0)[2] as Redeem;
    const before = await balanceOf(pending.redeemUser);
    expect((await setState(a, { ids: [pending._id], status: 2 })).json()).toEqual({ updated: 1 });
    expect(await balanceOf(pending.redeemUser)).toBe(before + pending.rewardCost);
    expect((await setState(a, { ids: [pending._id], status: 0 })).statusCode).toBe(200);
    expect(await balanceOf(pending.redeemUser)).toBe(before);
    // Pending ↔ Sent moves nothing.
    await setState(a, { ids: [pending._id], status: 1 });
    expect(await balanceOf(pending.redeemUser)).toBe(before);
    await setState(a, { ids: [pending._id], status: 0 });
  });

  it("refuses (409) to leave Rejected when the balance would go negative, and changes no selected redeem", async () => {
    const rejected = byStatus(2)[0] as Redeem;
    const pending = byStatus(0)[3] as Redeem;
    await t.db.update(appUsers).set({ points: 0 }).where(eq(appUsers.id, rejected.redeemUser));
    // Keep the ledger true to the balance: zeroing above is only for this check, undone below.
    const response = await setState(a, { ids: [pending._id, rejected._id], status: 1 });
    expect(response.statusCode).toBe(409);
    const rows = await t.db.select().from(redeems).where(eq(redeems.id, pending._id));
    expect(rows[0]?.status).toBe(0);
    expect((await t.db.select().from(redeems).where(eq(redeems.id, rejected._id)))[0]?.status).toBe(2);
    const ledgerSum = (
      await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, rejected.redeemUser))
    )
      .map((row) => row.amount)
      .reduce((x, y) => x + y, 0);
    await t.db.update(appUsers).set({ points: ledgerSum }).where(eq(appUsers.id, rejected.redeemUser));
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("answers 400 for a bad status or no ids; another administrator's ids change nothing", async () => {
    expect((await setState(a, { ids: [allOfA[0]?._id], status: 3 })).statusCode).toBe(400);
    expect((await setState(a, { ids: [], status: 2 })).statusCode).toBe(400);
    const pending = byStatus(0)[4] as Redeem;
    expect((await setState(b, { ids: [pending._id], status: 2 })).json()).toEqual({ updated: 0 });
  });
});

describe("PUT /api/redeem/sendReward/{id} (pay)", () => {
  const pay = (tenant: Tenant, id: string, body: object) =>
    t.app.inject({
      method: "PUT",
      url: `/api/redeem/sendReward/${id}`,
      headers: tenant.headers,
      payload: body,
    });

  it("answers 400 while the tenant has no mail config, and changes nothing", async () => {
    const pending = byStatus(0)[5] as Redeem;
    const response = await pay(a, pending._id, payload());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Mail sending is not configured");
    expect((await t.db.select().from(redeems).where(eq(redeems.id, pending._id)))[0]?.status).toBe(0);
  });

  it.each([
    [{ code: "" }, { code: "Gift Card Code is required" }],
    [{ rewardName: "" }, { rewardName: "Reward Name is required" }],
    [{ rewardName: "x".repeat(101) }, { rewardName: "Maximum 100 symbols" }],
    [{ redeemEmail: "" }, { redeemEmail: "Email is required" }],
    [{ redeemEmail: "not-mail" }, { redeemEmail: "Wrong Email format" }],
    [{ subject: "" }, { subject: "Required field" }],
  ])("answers 400 with the form's message for %j", async (overrides, fieldErrors) => {
    const response = await pay(a, (byStatus(0)[5] as Redeem)._id, payload(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
  });

  it("stores the code, sets Sent, and the sanitised e-mail goes out once through the tenant's Mailgun", async () => {
    await addMailConfig(t.db, a.id);
    const pending = byStatus(0)[5] as Redeem;
    const before = await balanceOf(pending.redeemUser);
    const response = await pay(a, pending._id, payload());
    expect(response.statusCode, response.body).toBe(200);
    const paid = response.json<RedeemDetails>();
    // Answers show the code masked; the owner's reveal shows it in clear.
    expect(paid).toMatchObject({ status: 1, code: "••••ABCD", redeemEmail: "winner@example.com" });
    const revealed = await t.app.inject({
      method: "POST",
      url: `/api/redeem/${pending._id}/code`,
      headers: a.headers,
    });
    expect(revealed.json()).toEqual({ code: "GIFT-1234-ABCD", pin: null });
    expect(paid.text).toBe("<p>Thanks for playing! <strong>Enjoy</strong>.</p>");
    expect(await balanceOf(pending.redeemUser)).toBe(before);

    const mail = await t.mail.waitFor("winner@example.com");
    expect(mail).toMatchObject({ domain: "mg.tenant.test", apiKey: "key-tenant" });
    expect(mail.fields.from).toBe("rewards@tenant.test");
    expect(mail.fields.subject).toBe("Your reward is here");
    expect(mail.fields.html).toContain("<strong>Enjoy</strong>");
    expect(mail.fields.html).toContain("GIFT-1234-ABCD");
    expect(mail.fields.html).not.toMatch(/script|onerror|<img/);
    expect(mail.fields.text).toContain("Gift card code: GIFT-1234-ABCD");

    await expect
      .poll(
        async () =>
          (
            await t.app.inject({ method: "GET", url: `/api/redeem/${pending._id}`, headers: a.headers })
          ).json<RedeemDetails>().delivery?.status,
      )
      .toBe("sent");

    const again = await pay(a, pending._id, payload());
    expect(again.statusCode).toBe(409);
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.redeemId, pending._id));
    expect(queued).toHaveLength(1);
    expect(t.mail.received.filter((m) => m.fields.to === "winner@example.com")).toHaveLength(1);
  });

  it("answers 404 for another administrator's redeem", async () => {
    const response = await pay(b, (byStatus(0)[6] as Redeem)._id, payload());
    expect(response.statusCode).toBe(404);
  });
});

it("keeps every balance equal to its ledger", async () => {
  expect(await ledgerMismatches(t.db)).toEqual([]);
});
