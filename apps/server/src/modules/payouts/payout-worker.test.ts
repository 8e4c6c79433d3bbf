import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry } from "../../../test/support/app-api.ts";
import { type FakeTremendous, startFakeTremendous } from "../../../test/support/fake-tremendous.ts";
import { insertRedeem, redeemRow } from "../../../test/support/redeems.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, rewardItems } from "../../db/schema/index.ts";
import { seedDemoData } from "../../seed/demo-data.ts";
import { adjustPoints } from "../ledger/index.ts";

// The payout worker as the server runs it: started with the app, woken right after a pay queues a payout.

let t: TestApp;
let a: Tenant;
let fake: FakeTremendous;

beforeAll(async () => {
  fake = await startFakeTremendous();
  t = await startTestApp();
  ({ a } = await twoTenants(t.app));
  await seedDemoData(t.db, a.id, { users: 2, offers: 0, redeems: 0, seed: 5 });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the payout worker in the server", () => {
  it("pays a provider redeem soon after the pay call, without anyone running it by hand", async () => {
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/payouts/settings",
      headers: a.headers,
      payload: {
        paused: false,
        approvalAbove: null,
        tremendous: {
          apiKey: fake.apiKey,
          baseUrl: fake.baseUrl,
          fundingSourceId: "FUNDING-1",
          webhookPrivateKey: "whsec-worker",
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { itemIds } = await addCatalogCountry(t.db, a, "US", { items: [{ cost: "$5", points: 100 }] });
    const itemId = itemIds[0] as string;
    await t.db
      .update(rewardItems)
      .set({ fulfilment: "provider", providerCampaignId: "CAMPAIGN-1", providerValue: 2.5 })
      .where(eq(rewardItems.id, itemId));
    const [user] = await t.db.select().from(appUsers).where(eq(appUsers.adminId, a.id)).limit(1);
    if (!user) throw new Error("no user");
    await t.db.transaction((tx) =>
      adjustPoints(tx, {
        adminId: a.id,
        userId: user.id,
        currentPoints: user.points,
        delta: 500,
        reason: "Test balance",
        actorAdminId: null,
      }),
    );
    const id = await insertRedeem(t.db, { adminId: a.id, userId: user.id, cost: 100, itemId });
    const paid = await t.app.inject({
      method: "PUT",
      url: `/api/redeem/sendReward/${id}`,
      headers: a.headers,
      payload: { rewardName: "Gift", redeemEmail: "ann@example.com", subject: "Yours", text: "<p>Hi</p>" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await until(async () => (await redeemRow(t.db, id))?.status === 1);
    expect(await redeemRow(t.db, id)).toMatchObject({ paidVia: "provider" });
    expect(fake.orderFor(id)?.status).toBe("EXECUTED");
    const body = fake.orderCalls(id)[0]?.body as { reward: Record<string, unknown> };
    expect(body.reward).toMatchObject({
      campaign_id: "CAMPAIGN-1",
      value: { denomination: 2.5, currency_code: "USD" },
    });
    expect(body.reward.products).toBeUndefined();
  });
});
