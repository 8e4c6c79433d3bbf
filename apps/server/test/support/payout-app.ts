import { eq } from "drizzle-orm";
import { appUsers, rewardItems } from "../../src/db/schema/index.ts";
import { adjustPoints } from "../../src/modules/ledger/index.ts";
import { runPayoutRound } from "../../src/modules/payouts/index.ts";
import { seedDemoData } from "../../src/seed/demo-data.ts";
import { addCatalogCountry, appKeyOf } from "./app-api.ts";
import { startFakeTremendous } from "./fake-tremendous.ts";
import { addMailConfig } from "./mail-config.ts";
import { type Tenant, twoTenants } from "./tenants.ts";
import { startTestApp } from "./test-app.ts";

export const webhookKey = "whsec-fake-tremendous-0001";

/**
 * A test app whose payout worker is off (tests run rounds by hand with a chosen `now`), a fake Tremendous
 * as tenant A's provider, tenant A's mail config, and `users` users of A with 1000 points each.
 */
export async function startPayoutTestApp(options: { users?: number } = {}) {
  const fake = await startFakeTremendous();
  const { app, db, mail, close } = await startTestApp({ outbox: false, payouts: false });
  const { a, b } = await twoTenants(app);
  await seedDemoData(db, a.id, { users: options.users ?? 40, offers: 0, redeems: 0, seed: 47 });
  await addMailConfig(db, a.id);
  const rows = await db.select().from(appUsers).where(eq(appUsers.adminId, a.id));
  for (const user of rows) {
    await db.transaction((tx) =>
      adjustPoints(tx, {
        adminId: a.id,
        userId: user.id,
        currentPoints: user.points,
        delta: 1000,
        reason: "Test balance",
        actorAdminId: null,
      }),
    );
  }
  const appKey = await appKeyOf(db, a.id);
  let countries = 0;

  const harness = {
    app,
    db,
    fake,
    mail,
    a,
    b,
    users: rows.map((row) => row.id),
    webhookUrl: `/webhooks/tremendous/${appKey}`,
    log: app.log,
    /** Tenant A's payout settings: the fake as provider, with what else is given. */
    async saveSettings(extra: Record<string, unknown> = {}, tenant: Tenant = a) {
      const response = await app.inject({
        method: "PUT",
        url: "/api/payouts/settings",
        headers: tenant.headers,
        payload: {
          paused: false,
          approvalAbove: null,
          tremendous: {
            apiKey: fake.apiKey,
            baseUrl: fake.baseUrl,
            fundingSourceId: "FUNDING-1",
            webhookPrivateKey: webhookKey,
            delivery: "EMAIL",
          },
          ...extra,
        },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
    },
    /** A reward item of tenant A (in a country of its own) paid the given way. */
    async newItem(fulfilment: "manual" | "inventory" | "provider", points = 100) {
      countries += 1;
      const { itemIds } = await addCatalogCountry(db, a, `P${countries}`, {
        items: [{ cost: "$5", points }],
      });
      const itemId = itemIds[0] as string;
      await db
        .update(rewardItems)
        .set({
          fulfilment,
          ...(fulfilment === "provider" ? { providerProductId: "PRODUCT-1", providerValue: 5 } : {}),
        })
        .where(eq(rewardItems.id, itemId));
      return itemId;
    },
    round: (now = new Date()) => runPayoutRound({ db, log: app.log }, now),
    async close() {
      await close();
      await fake.close();
    },
  };
  return harness;
}
export type PayoutTestApp = Awaited<ReturnType<typeof startPayoutTestApp>>;
