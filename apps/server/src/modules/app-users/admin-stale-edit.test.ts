import type { AppRedeemAnswer, AppSessionAnswer, AppUser } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry, appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, pointsLedger } from "../../db/schema/index.ts";

// An administrator's edit form, a redeem in the app and a network's postback all move the same balance.
// The form only ever sends a signed change, so whatever happened since it was opened is kept.

let t: TestApp;
let a: Tenant;
let appKey: string;
let itemId: string;
let hint: string;
let postbacks = 0;

const itemPrice = 300;
// 2 USD × provision 0.5 × ratio 1000.
const postbackPoints = 1000;

beforeAll(async () => {
  const roomy = { points: 10_000, durationSeconds: 3600 };
  t = await startTestApp({ rateLimits: { appSignUpPerIp: roomy, appSignUpPerDevice: roomy } });
  ({ a } = await twoTenants(t.app));
  appKey = await appKeyOf(t.db, a.id);
  itemId = (await addCatalogCountry(t.db, a, "US", { items: [{ cost: "$3", points: itemPrice }] }))
    .itemIds[0] as string;
  const saved = await t.app.inject({
    method: "POST",
    url: "/api/network/",
    headers: a.headers,
    payload: {
      network: "ogads",
      appId: "aff-1",
      appToken: "api-token",
      postbackSecret: "ogads-secret-0123456789",
      provision: 0.5,
      iosEnable: 1,
      androidEnable: 1,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const network = await t.app.inject({
    method: "GET",
    url: `/api/network/ogads/${a.id}`,
    headers: a.headers,
  });
  hint = network.json<{ postbackUrl: string }>().postbackUrl.replace("http://rewards.test", "");
});
afterAll(() => t?.close());

const getUser = async (id: string) => {
  const response = await t.app.inject({ method: "GET", url: `/api/users/${id}`, headers: a.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AppUser>();
};
const edit = (id: string, payload: object) =>
  t.app.inject({ method: "PUT", url: `/api/users/${id}`, headers: a.headers, payload });
const redeem = (session: AppSessionAnswer) =>
  appCall(t.app, {
    method: "POST",
    url: "/redeems",
    key: appKey,
    token: session.accessToken,
    payload: { rewardItemId: itemId },
  });
/** OGAds calls the address the Network screen shows, its macros filled in. */
const postback = (userId: string) => {
  postbacks += 1;
  const values: Record<string, string> = {
    "{aff_sub}": userId,
    "{transaction_id}": `ogads-stale-${postbacks}`,
    "{payout}": "2",
    "{offer_name}": "Install App",
    "{session_ip}": "203.0.113.7",
  };
  let url = hint;
  for (const [macro, value] of Object.entries(values)) url = url.replace(macro, encodeURIComponent(value));
  return t.app.inject({ method: "GET", url });
};
const ledgerOf = (userId: string) => t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId));
const balanceOf = async (userId: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, userId)))[0]?.points;

/** A new app user with a starting balance given by the administrator. */
async function userWith(email: string, points: number) {
  const session = await signUpOk(t.app, appKey, email);
  const start = await edit(session.user._id, {
    referCode: session.user.referCode,
    provision: 0,
    isVerfied: false,
    pointsDelta: points,
    pointsReason: "Welcome bonus",
  });
  expect(start.statusCode, start.body).toBe(200);
  return session;
}

describe("hole 6: stale edits never overwrite money", () => {
  it("keeps a redeem and a postback made after the edit form was opened", async () => {
    const session = await userWith("stale-form@example.com", 1000);
    const userId = session.user._id;

    // The administrator opens the edit form: it holds the user as read now.
    const opened = await getUser(userId);
    expect(opened.points).toBe(1000);

    // Meanwhile the user redeems and a network credits a completed offer.
    const redeemed = await redeem(session);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json<AppRedeemAnswer>().points).toBe(1000 - itemPrice);
    const credited = await postback(userId);
    expect(credited.body).toBe("1");
    const expected = 1000 - itemPrice + postbackPoints;
    expect(await balanceOf(userId)).toBe(expected);

    // The stale form is saved: other fields change, no points change.
    const saved = await edit(userId, {
      referCode: opened.referCode,
      provision: opened.provision,
      isVerfied: !opened.isVerfied,
      pointsDelta: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AppUser>()).toMatchObject({ points: expected, isVerfied: !opened.isVerfied });
    expect(await balanceOf(userId)).toBe(expected);

    // An old client that still sends the balance it read is refused, not obeyed.
    const oldClient = await edit(userId, {
      referCode: opened.referCode,
      provision: opened.provision,
      isVerfied: opened.isVerfied,
      points: opened.points,
    });
    expect(oldClient.statusCode).toBe(400);
    expect(await balanceOf(userId)).toBe(expected);

    const rows = await ledgerOf(userId);
    expect(rows.map((row) => [row.reason, row.amount]).sort()).toEqual(
      [
        ["admin_adjustment", 1000],
        ["offer", postbackPoints],
        ["redeem", -itemPrice],
      ].sort(),
    );
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("an edit with a delta racing a redeem and a postback: each move is one row, the balance their sum", async () => {
    for (let round = 0; round < 5; round += 1) {
      const session = await userWith(`race-${round}@example.com`, 1000);
      const userId = session.user._id;
      const opened = await getUser(userId);
      const [edited, redeemed, credited] = await Promise.all([
        edit(userId, {
          referCode: opened.referCode,
          provision: opened.provision,
          isVerfied: true,
          pointsDelta: 250,
          pointsReason: `Race ${round}`,
        }),
        redeem(session),
        postback(userId),
      ]);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(credited.body).toBe("1");

      const rows = await ledgerOf(userId);
      const reasons = rows.map((row) => row.reason).sort();
      expect(reasons).toEqual(["admin_adjustment", "admin_adjustment", "offer", "redeem"]);
      const adjustment = rows.find((row) => row.note === `Race ${round}`);
      expect(adjustment).toMatchObject({ amount: 250, actorAdminId: a.id });
      expect(rows.find((row) => row.reason === "redeem")).toMatchObject({
        amount: -itemPrice,
        referenceId: redeemed.json<AppRedeemAnswer>().redeem._id,
      });
      const sum = rows.reduce((total, row) => total + row.amount, 0);
      expect(sum).toBe(1000 + 250 - itemPrice + postbackPoints);
      expect(await balanceOf(userId)).toBe(sum);
    }
    expect(await ledgerMismatches(t.db)).toEqual([]);
    const adjustments = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.adminId, a.id), eq(pointsLedger.reason, "admin_adjustment")));
    // Every adjustment names the administrator and says why.
    expect(adjustments.every((row) => row.actorAdminId === a.id && row.note)).toBe(true);
  });
});
