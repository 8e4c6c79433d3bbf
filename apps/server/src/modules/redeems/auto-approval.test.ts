import type { AppRedeemAnswer } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry, appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { type PayoutTestApp, startPayoutTestApp } from "../../../test/support/payout-app.ts";
import { redeemRow } from "../../../test/support/redeems.ts";
import { appUsers, payouts, pointsLedger, rewardCodes, rewardItems } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";
import { adjustPoints } from "../ledger/index.ts";

// Automatic approval: a redeem request the app's rules allow is queued for payment at once (Processing,
// shown Pending to the app); anything else waits for a person.

let t: PayoutTestApp;
let key: string;
let itemId: string;
let manualItemId: string;
let signUps = 0;

// No IP data service here: every request is "unscreened", a risk reason; requireLowRisk is tried on its own.
const rule = { maxPoints: 500, minAccountAgeDays: 0, requireLowRisk: false, noReversalDays: 30 };

async function newUser() {
  signUps += 1;
  const session = await signUpOk(t.app, key, `auto${signUps}@example.com`, {}, `203.0.113.${signUps}`);
  await t.db.transaction((tx) =>
    adjustPoints(tx, {
      adminId: t.a.id,
      userId: session.user._id,
      currentPoints: 0,
      delta: 1000,
      reason: "Test balance",
      actorAdminId: null,
    }),
  );
  return session;
}

const request = (token: string, rewardItemId = itemId) =>
  appCall(t.app, { method: "POST", url: "/redeems", key, token, payload: { rewardItemId } });

beforeAll(async () => {
  t = await startPayoutTestApp({ users: 1 });
  key = await appKeyOf(t.db, t.a.id);
  const { itemIds } = await addCatalogCountry(t.db, t.a, "US", {
    items: [
      { cost: "$5", points: 100 },
      { cost: "$50", points: 900 },
      { cost: "$1", points: 50 },
    ],
  });
  itemId = itemIds[0] as string;
  manualItemId = itemIds[2] as string;
  await t.db
    .update(rewardItems)
    .set({ fulfilment: "inventory" })
    .where(eq(rewardItems.id, itemIds[0] as string));
  await t.db
    .update(rewardItems)
    .set({ fulfilment: "inventory" })
    .where(eq(rewardItems.id, itemIds[1] as string));
  await t.db.insert(rewardCodes).values(
    Array.from({ length: 5 }, (_, index) => ({
      id: newId(),
      adminId: t.a.id,
      rewardItemId: itemId,
      code: `AUTO-CODE-${index}`,
      fingerprint: `auto-${index}`,
      last4: `000${index}`,
    })),
  );
});
afterAll(() => t.close());

describe("automatic approval", () => {
  it("off (the default): the redeem waits Pending, no payout", async () => {
    const session = await newUser();
    const response = await request(session.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    const { redeem } = response.json<AppRedeemAnswer>();
    expect((await redeemRow(t.db, redeem._id))?.status).toBe(0);
    expect(await t.db.select().from(payouts).where(eq(payouts.redeemId, redeem._id))).toEqual([]);
  });

  it("on: a small redeem of a low-risk user is queued at once, shown Pending to the app, then paid", async () => {
    await t.saveSettings({ autoApproval: rule });
    const session = await newUser();
    const response = await request(session.accessToken);
    expect(response.statusCode, response.body).toBe(200);
    const { redeem } = response.json<AppRedeemAnswer>();
    expect(redeem.status).toBe(0);
    expect((await redeemRow(t.db, redeem._id))?.status).toBe(3);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.redeemId, redeem._id));
    expect(payout).toMatchObject({
      status: "queued",
      method: "inventory",
      jobId: null,
      requestedByAdminId: null,
    });
    await t.round();
    expect(await redeemRow(t.db, redeem._id)).toMatchObject({ status: 1, paidVia: "inventory" });
  });

  it("waits for a person: over maxPoints, a manual item, a risky user, a recent reversal, a young account, paused", async () => {
    await t.saveSettings({ autoApproval: rule });
    const waits = async (token: string, item = itemId) => {
      const response = await request(token, item);
      expect(response.statusCode, response.body).toBe(200);
      const { redeem } = response.json<AppRedeemAnswer>();
      expect((await redeemRow(t.db, redeem._id))?.status).toBe(0);
    };
    const big = await newUser();
    const [bigItem] = await t.db.select().from(rewardItems).where(eq(rewardItems.points, 900));
    await waits(big.accessToken, bigItem?.id);
    await waits((await newUser()).accessToken, manualItemId);

    await t.saveSettings({ autoApproval: { ...rule, requireLowRisk: true } });
    const risky = await newUser();
    await t.db
      .update(appUsers)
      .set({ riskReasons: ["vpn"] })
      .where(eq(appUsers.id, risky.user._id));
    await waits(risky.accessToken);
    await t.saveSettings({ autoApproval: rule });

    const reversed = await newUser();
    await t.db.transaction(async (tx) => {
      await tx.insert(pointsLedger).values({
        id: newId(),
        adminId: t.a.id,
        userId: reversed.user._id,
        amount: -1,
        reason: "offer_reversal",
      });
      await tx.update(appUsers).set({ points: 999 }).where(eq(appUsers.id, reversed.user._id));
    });
    await waits(reversed.accessToken);

    await t.saveSettings({ autoApproval: { ...rule, minAccountAgeDays: 3 } });
    await waits((await newUser()).accessToken);

    await t.saveSettings({ autoApproval: rule, paused: true });
    await waits((await newUser()).accessToken);
    await t.saveSettings({ autoApproval: rule });
  });

  it("never above the four-eyes amount", async () => {
    await t.saveSettings({ autoApproval: rule, approvalAbove: 50 });
    const session = await newUser();
    const { redeem } = (await request(session.accessToken)).json<AppRedeemAnswer>();
    expect((await redeemRow(t.db, redeem._id))?.status).toBe(0);
    await t.saveSettings();
  });
});
