import { eq } from "drizzle-orm";
import { expect } from "vitest";
import {
  appUsers,
  completedOffers,
  payoutJobs,
  rewardItems,
  savedViews,
} from "../../../src/db/schema/index.ts";
import { newId } from "../../../src/lib/ids.ts";
import { creditOffer } from "../../../src/modules/ledger/index.ts";
import { seedDemoCatalog } from "../../../src/seed/demo-catalog.ts";
import { seedDemoData } from "../../../src/seed/demo-data.ts";
import { type FcmSink, serviceAccountJson, startFcmSink, testKeyPair } from "../../support/fcm-sink.ts";
import { multipartBody, png, tinyGif } from "../../support/multipart.ts";
import { type Tenant, twoTenants } from "../../support/tenants.ts";
import { startTestApp, type TestApp } from "../../support/test-app.ts";
import { postbackKeyOf } from "./id-sources.ts";

const clientEmail = "push@rewards-hardening.iam.gserviceaccount.com";

/** One saved record of every setting, through the API as the screens save them. */
async function saveEverySetting(t: TestApp, tenant: Tenant, fcm: FcmSink, privateKeyPem: string) {
  const json = async (method: "POST" | "PUT", url: string, payload: object) => {
    const response = await t.app.inject({ method, url, headers: tenant.headers, payload });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  };
  await json("POST", "/api/giveaway/", {
    giveawayTitle: "Summer draw",
    giveawayDescription: "Win a gift card",
    giveawayStatus: 1,
    winnerTitle: "We have winners",
    winnerDescription: "Congratulations to Ann",
    winnerStatus: 1,
  });
  await json("POST", "/api/network/", {
    network: "adgateow",
    appId: "wall",
    postbackSecret: "adgate-secret-1234",
    provision: 0.5,
    iosEnable: 0,
    androidEnable: 1,
    allowedIps: [],
  });
  await json("POST", "/api/nativeAds/", {
    network: "applovin",
    owClick: 3,
    navClick: 10,
    owEnable: 1,
    openEnable: 0,
    navClickEnable: 1,
    bannerEnable: 1,
  });
  await json("POST", "/api/setting/social/", {
    name: "facebook",
    appId: "fb-app-1",
    appSecret: "facebook-secret-wxyz",
    appPage: "https://facebook.com/cashquest",
    shareText: "Earn with me",
  });
  await json("POST", "/api/setting/mailgun/", {
    mailgunDomain: "mg.cashquest.example",
    apiKey: "key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
    fromEmail: "rewards@cashquest.example",
    supportEmail: "help@cashquest.example",
  });
  await json("POST", "/api/setting/settingconfig", {
    refPercent: 30,
    ratio: 500,
    fbLike: 5,
    fbShare: 15,
    twShare: 25,
  });
  await json("POST", "/api/setting/push/", {
    serviceAccountKey: serviceAccountJson({ privateKeyPem, clientEmail, tokenUri: fcm.tokenUri }),
  });
  await json("POST", "/api/notification/", { title: "Hello there", body: "New offers are in" });
  const identity = multipartBody(
    {
      appName: "Cash Quest",
      moto: "Play and earn",
      domain: "cashquest.example",
      sharingDomain: "share.cashquest.example",
      endpoint: "https://api.cashquest.example",
    },
    { logo: png(), favicon: { filename: "favicon.gif", contentType: "image/gif", content: tinyGif } },
  );
  const saved = await t.app.inject({
    method: "POST",
    url: "/api/setting/",
    headers: { ...tenant.headers, ...identity.headers },
    payload: identity.payload,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A postback on the tenant's key, so its postback log holds an entry (refused: no such user). */
async function logOnePostback(t: TestApp, tenant: Tenant) {
  const key = await postbackKeyOf(t.db, tenant.id);
  const response = await t.app.inject({
    method: "GET",
    url: `/postback/${key}/adgateow?tx_id=1&user_id=nobody`,
  });
  expect(response.statusCode).toBeLessThan(500);
}

/** A pending invitation to the tenant's team. */
async function inviteOne(t: TestApp, tenant: Tenant, index: number) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/team/invites",
    headers: tenant.headers,
    payload: { email: `invitee-${index}@team.test`, role: "viewer" },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Gift-card codes in the stock of the tenant's first reward item: one per role to remove, and more. */
async function stockSomeCodes(t: TestApp, tenant: Tenant) {
  const [item] = await t.db
    .select({ id: rewardItems.id })
    .from(rewardItems)
    .where(eq(rewardItems.adminId, tenant.id))
    .orderBy(rewardItems.id)
    .limit(1);
  const codes = Array.from({ length: 6 }, (_, i) => `HARDENING-CODE-${i},PIN${i}`);
  const response = await t.app.inject({
    method: "POST",
    url: `/api/payouts/items/${item?.id}/codes`,
    headers: tenant.headers,
    payload: { csv: `code,pin\n${codes.join("\n")}` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Held credits (pending points) of the tenant's first users: one hold per role to release, and more. */
async function holdSomeCredits(t: TestApp, tenant: Tenant) {
  const users = await t.db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(eq(appUsers.adminId, tenant.id))
    .orderBy(appUsers.id)
    .limit(2);
  for (const [index, user] of users.entries()) {
    for (let n = 0; n < 4; n++) {
      const offerId = newId();
      await t.db.transaction(async (tx) => {
        await tx.insert(completedOffers).values({
          id: offerId,
          adminId: tenant.id,
          userId: user.id,
          network: "adgateow",
          transactionId: `held-${index}-${n}`,
          offerName: "Held offer",
          payout: 5,
          points: 500,
        });
        await creditOffer(tx, {
          adminId: tenant.id,
          userId: user.id,
          offerId,
          points: 500,
          referrerId: null,
          referralPoints: 0,
          hold: { releaseAt: new Date(Date.now() + 14 * 86_400_000), reason: "Rule 1: $3+, 14 days" },
        });
      });
    }
  }
}

/**
 * A test app with two administrators (A the owner, B approved), each with records in every table a route
 * reads: app users, offers, redeems and ledger (the demo generator, small), the reward catalog with icons,
 * every setting, a notification and a postback log entry. Outbound HTTP goes to local sinks only.
 */
export async function startAppWithTwoTenants() {
  const keys = testKeyPair();
  const fcm = await startFcmSink({ publicKey: keys.publicKey, clientEmail });
  // The outbox worker and the offers' rollup fold stay off: they would change rows between a request and
  // its checksum.
  const t = await startTestApp({
    outbox: false,
    offerRollups: false,
    env: { FCM_BASE_URL: fcm.baseUrl, FCM_TOKEN_ORIGIN: fcm.baseUrl },
  });
  const { a, b } = await twoTenants(t.app);
  for (const [index, tenant] of [a, b].entries()) {
    await seedDemoData(t.db, tenant.id, { users: 6, offers: 12, redeems: 4, seed: 11 + index });
    await seedDemoCatalog(t.db, tenant.id);
    await stockSomeCodes(t, tenant);
    await saveEverySetting(t, tenant, fcm, keys.privateKeyPem);
    await logOnePostback(t, tenant);
    await inviteOne(t, tenant, index);
    await holdSomeCredits(t, tenant);
    // A "Pay selected" job (of nothing), so its progress call has a record to read.
    await t.db.insert(payoutJobs).values({ id: newId(), appId: tenant.id, total: 0 });
    // Saved views of the owner's, private and shared, for the views' delete call.
    await t.db.insert(savedViews).values(
      ["Mine", "Pending", "Paid", "Shared"].map((name) => ({
        id: newId(),
        appId: tenant.id,
        ownerId: tenant.id,
        list: "redeems",
        name,
        shared: name === "Shared",
        state: { status: "0" },
      })),
    );
  }
  return {
    ...t,
    a,
    b,
    fcm,
    async close() {
      await t.close();
      await fcm.close();
    },
  };
}
export type AppWithTwoTenants = Awaited<ReturnType<typeof startAppWithTwoTenants>>;
