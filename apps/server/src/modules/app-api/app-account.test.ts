import type {
  AppCatalogAnswer,
  AppGiveaway,
  AppInfo,
  AppLedgerAnswer,
  AppOffersAnswer,
  AppOfferwallsAnswer,
  AppRedeemAnswer,
  AppRedeemsAnswer,
  AppSessionAnswer,
  RedeemListAnswer,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCatalogCountry, appCall, appKeyOf, signUpOk } from "../../../test/support/app-api.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { appUsers, completedOffers, pointsLedger, redeems, rewards } from "../../db/schema/index.ts";
import { newId } from "../../lib/ids.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let keyA: string;
let keyB: string;
let us: Awaited<ReturnType<typeof addCatalogCountry>>;
let de: Awaited<ReturnType<typeof addCatalogCountry>>;
let ww: Awaited<ReturnType<typeof addCatalogCountry>>;
let ofB: Awaited<ReturnType<typeof addCatalogCountry>>;

const roomy = { points: 10_000, durationSeconds: 3600 };

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { appSignUpPerIp: roomy, appSignUpPerDevice: roomy } });
  ({ a, b } = await twoTenants(t.app));
  [keyA, keyB] = [await appKeyOf(t.db, a.id), await appKeyOf(t.db, b.id)];
  us = await addCatalogCountry(t.db, a, "US", {
    priority: 5,
    reward: "Amazon",
    items: [
      { cost: "$10", points: 10_000 },
      { cost: "$5", points: 5000 },
    ],
  });
  de = await addCatalogCountry(t.db, a, "DE", { reward: "Zalando" });
  ww = await addCatalogCountry(t.db, a, "WW", {
    priority: 1,
    reward: "PayPal",
    items: [{ cost: "$1", points: 1000 }],
  });
  ofB = await addCatalogCountry(t.db, b, "US", { reward: "B's card" });
});
afterAll(() => t.close());

/** Credit through the dashboard's user form, as an operator would (an admin_adjustment row of the difference). */
async function setPoints(userId: string, points: number) {
  const [user] = await t.db.select().from(appUsers).where(eq(appUsers.id, userId));
  const response = await t.app.inject({
    method: "PUT",
    url: `/api/users/${userId}`,
    headers: a.headers,
    payload: {
      referCode: user?.referCode,
      provision: 0,
      isVerfied: false,
      pointsDelta: points - (user?.points ?? 0),
      pointsReason: "Test balance",
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const redeem = (token: string, payload: object, key = keyA) =>
  appCall(t.app, { method: "POST", url: "/redeems", key, token, payload });

describe("GET /app/v1/me and my lists", () => {
  let session: AppSessionAnswer;

  beforeAll(async () => {
    session = await signUpOk(t.app, keyA, "lists@example.com");
    for (const points of [100, 250, 400]) await setPoints(session.user._id, points);
    await t.db.insert(completedOffers).values(
      [1, 2, 3].map((n) => ({
        id: newId(),
        adminId: a.id,
        userId: session.user._id,
        network: "cpxresearch",
        transactionId: `tx-${n}`,
        offerName: `Survey ${n}`,
        payout: 0.5,
        points: 500,
        date: new Date(Date.UTC(2026, 0, n)),
      })),
    );
  });

  it("answers my points and Share Key", async () => {
    const response = await appCall(t.app, { url: "/me", key: keyA, token: session.accessToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      points: 400,
      referCode: session.user.referCode,
      referralCount: 0,
    });
  });

  it("pages my ledger newest first", async () => {
    const first = await appCall(t.app, {
      url: "/me/ledger?pageSize=2",
      key: keyA,
      token: session.accessToken,
    });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<AppLedgerAnswer>();
    expect(page1.totalCount).toBe(3);
    expect(page1.entities.map((row) => [row.amount, row.reason])).toEqual([
      [150, "admin_adjustment"],
      [150, "admin_adjustment"],
    ]);
    const page2 = (
      await appCall(t.app, { url: "/me/ledger?pageSize=2&page=2", key: keyA, token: session.accessToken })
    ).json<AppLedgerAnswer>();
    expect(page2.entities.map((row) => row.amount)).toEqual([100]);
  });

  it("pages my completed offers newest first", async () => {
    const page = (
      await appCall(t.app, { url: "/me/offers?pageSize=2", key: keyA, token: session.accessToken })
    ).json<AppOffersAnswer>();
    expect(page.totalCount).toBe(3);
    expect(page.entities.map((offer) => offer.offerName)).toEqual(["Survey 3", "Survey 2"]);
  });

  it.each([
    "/me/ledger?pageSize=0",
    "/me/offers?pageSize=101",
    "/me/redeems?page=0",
    "/me/redeems?page=1000001",
    "/me/ledger?page=x",
  ])("answers 400 for %s", async (url) => {
    const response = await appCall(t.app, { url, key: keyA, token: session.accessToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/page/);
  });

  it("answers 401 without a token", async () => {
    for (const url of ["/me", "/me/ledger", "/me/offers", "/me/redeems", "/rewards", "/offerwalls"]) {
      expect((await appCall(t.app, { url, key: keyA })).statusCode, url).toBe(401);
    }
  });
});

describe("GET /app/v1/rewards", () => {
  it("answers the rewards of my country and the Worldwide ones, by priority, with their items", async () => {
    const session = await signUpOk(t.app, keyA, "catalog@example.com");
    const response = await appCall(t.app, { url: "/rewards", key: keyA, token: session.accessToken });
    expect(response.statusCode, response.body).toBe(200);
    const catalog = response.json<AppCatalogAnswer>();
    expect(catalog.country).toBe("US");
    expect(catalog.rewards.map((reward) => [reward.name, reward.countryCode])).toEqual([
      ["Amazon", "US"],
      ["PayPal", "WW"],
    ]);
    expect(catalog.rewards[0]?.items.map((item) => [item.cost, item.points])).toEqual([
      ["$5", 5000],
      ["$10", 10_000],
    ]);
  });

  it("answers only Worldwide rewards to a user whose country is unknown", async () => {
    const session = await signUpOk(t.app, keyA, "nowhere@example.com", { device: null });
    const catalog = (
      await appCall(t.app, { url: "/rewards", key: keyA, token: session.accessToken })
    ).json<AppCatalogAnswer>();
    expect(catalog.country).toBeNull();
    expect(catalog.rewards.map((reward) => reward.name)).toEqual(["PayPal"]);
  });

  it("orders a country's rewards by priority, lists one without items, and shows no other app's", async () => {
    const session = await signUpOk(t.app, keyA, "catalog-order@example.com");
    const steam = { id: newId(), adminId: a.id, countryId: us.countryId, name: "Steam", order: 5 };
    await t.db.insert(rewards).values(steam);
    try {
      const catalog = (
        await appCall(t.app, { url: "/rewards", key: keyA, token: session.accessToken })
      ).json<AppCatalogAnswer>();
      expect(catalog.rewards.map((reward) => [reward.name, reward.countryCode, reward.items.length])).toEqual(
        [
          ["Steam", "US", 0],
          ["Amazon", "US", 2],
          ["PayPal", "WW", 1],
        ],
      );
    } finally {
      await t.db.delete(rewards).where(eq(rewards.id, steam.id));
    }
  });
});

describe("POST /app/v1/redeems", () => {
  let session: AppSessionAnswer;

  beforeAll(async () => {
    session = await signUpOk(t.app, keyA, "redeemer@example.com");
    await setPoints(session.user._id, 12_000);
  });

  it("debits the item's cost in one move and the request shows Pending in the dashboard", async () => {
    const response = await redeem(session.accessToken, {
      rewardItemId: us.itemIds[1],
      extraInfo: "gamer tag",
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<AppRedeemAnswer>();
    expect(answer.points).toBe(7000);
    expect(answer.redeem).toMatchObject({
      rewardName: "Amazon",
      rewardAmount: "$5",
      rewardCost: 5000,
      redeemEmail: "redeemer@example.com",
      status: 0,
    });
    const ledger = await t.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.referenceId, answer.redeem._id), eq(pointsLedger.reason, "redeem")));
    expect(ledger.map((row) => row.amount)).toEqual([-5000]);

    const list = await t.app.inject({
      method: "POST",
      url: "/api/redeem",
      headers: a.headers,
      payload: { queryParams: { filter: { _id: answer.redeem._id } } },
    });
    expect(list.json<RedeemListAnswer>().entities[0]).toMatchObject({
      status: 0,
      redeemUser: session.user._id,
      rewardExtraInfo: "gamer tag",
    });
    const mine = (
      await appCall(t.app, { url: "/me/redeems", key: keyA, token: session.accessToken })
    ).json<AppRedeemsAnswer>();
    expect(mine.entities.map((row) => row._id)).toEqual([answer.redeem._id]);
  });

  it("redeems a Worldwide item, to another receiver address", async () => {
    const response = await redeem(session.accessToken, {
      rewardItemId: ww.itemIds[0],
      redeemEmail: "Gift@Example.com",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AppRedeemAnswer>()).toMatchObject({
      points: 6000,
      redeem: { redeemEmail: "gift@example.com" },
    });
  });

  it("answers 409 when the balance is short, and changes nothing", async () => {
    const before = await t.db.select().from(redeems).where(eq(redeems.userId, session.user._id));
    const response = await redeem(session.accessToken, { rewardItemId: us.itemIds[0] });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Not enough points: this reward costs 10000 points and you have 6000",
    );
    expect(await t.db.select().from(redeems).where(eq(redeems.userId, session.user._id))).toHaveLength(
      before.length,
    );
    const [user] = await t.db.select().from(appUsers).where(eq(appUsers.id, session.user._id));
    expect(user?.points).toBe(6000);
  });

  it("takes one of two requests at once that the balance covers only once", async () => {
    const racer = await signUpOk(t.app, keyA, "racer@example.com");
    await setPoints(racer.user._id, 5000);
    const answers = await Promise.all([
      redeem(racer.accessToken, { rewardItemId: us.itemIds[1] }),
      redeem(racer.accessToken, { rewardItemId: us.itemIds[1] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [user] = await t.db.select().from(appUsers).where(eq(appUsers.id, racer.user._id));
    expect(user?.points).toBe(0);
  });

  it("answers 404 for an item of another country, of another app, or none", async () => {
    const otherCountry = await redeem(session.accessToken, { rewardItemId: de.itemIds[0] });
    expect(otherCountry.statusCode).toBe(404);
    expect(otherCountry.json().message).toBe("This reward is not offered in your country");
    expect((await redeem(session.accessToken, { rewardItemId: ofB.itemIds[0] })).statusCode).toBe(404);
    expect((await redeem(session.accessToken, { rewardItemId: newId() })).statusCode).toBe(404);
  });

  it("answers 400 for a malformed body", async () => {
    const response = await redeem(session.accessToken, { rewardItemId: "nope", redeemEmail: "x" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors).sort()).toEqual(["redeemEmail", "rewardItemId"]);
  });

  it("answers 403 to a banned user, who keeps their points", async () => {
    const banned = await signUpOk(t.app, keyA, "banned-redeemer@example.com");
    await setPoints(banned.user._id, 9000);
    await t.app.inject({
      method: "PUT",
      url: "/api/users/state/ids",
      headers: a.headers,
      payload: { ids: [banned.user._id], status: 2 },
    });
    const response = await redeem(banned.accessToken, { rewardItemId: us.itemIds[1] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/banned/);
    const [user] = await t.db.select().from(appUsers).where(eq(appUsers.id, banned.user._id));
    expect(user?.points).toBe(9000);
  });

  it("answers 401 without a token or with another app's key", async () => {
    expect(
      (await appCall(t.app, { method: "POST", url: "/redeems", key: keyA, payload: {} })).statusCode,
    ).toBe(401);
    expect((await redeem(session.accessToken, { rewardItemId: us.itemIds[1] }, keyB)).statusCode).toBe(401);
  });

  it("keeps every balance equal to its ledger", async () => {
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("GET /app/v1/app and /app/v1/giveaway", () => {
  it("answers the defaults before the operator saves anything", async () => {
    const info = await appCall(t.app, { url: "/app", key: keyB });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json<AppInfo>()).toMatchObject({
      appName: "",
      logo: null,
      points: { refPercent: 25, ratio: 1000, fbLike: 10, fbShare: 20, twShare: 20 },
      social: { facebook: null, google: null, twitter: null },
      nativeAds: null,
    });
    const giveaway = await appCall(t.app, { url: "/giveaway", key: keyB });
    expect(giveaway.json<AppGiveaway>()).toMatchObject({ giveawayStatus: 0, winnerStatus: 0 });
  });

  it("answers what the operator saved, without any secret", async () => {
    const save = (url: string, payload: object) =>
      t.app.inject({ method: "POST", url, headers: a.headers, payload });
    expect(
      (
        await save("/api/setting/settingconfig", {
          refPercent: 10,
          ratio: 500,
          fbLike: 1,
          fbShare: 2,
          twShare: 3,
        })
      ).statusCode,
    ).toBe(200);
    const facebook = {
      name: "facebook",
      appId: "fb-app-1",
      appSecret: "fb-very-secret",
      appPage: "https://facebook.com/rewards",
      shareText: "Join me",
    };
    expect((await save("/api/setting/social", facebook)).statusCode).toBe(200);
    const giveaway = {
      giveawayTitle: "Win a phone",
      giveawayDescription: "Complete offers to enter",
      giveawayStatus: 1,
    };
    expect((await save("/api/giveaway", giveaway)).statusCode).toBe(200);

    const info = await appCall(t.app, { url: "/app", key: keyA });
    expect(info.json<AppInfo>()).toMatchObject({
      points: { refPercent: 10, ratio: 500, fbLike: 1, fbShare: 2, twShare: 3 },
      social: {
        facebook: { appId: "fb-app-1", appPage: "https://facebook.com/rewards", shareText: "Join me" },
      },
    });
    expect(info.body).not.toContain("fb-very-secret");
    expect((await appCall(t.app, { url: "/giveaway", key: keyA })).json<AppGiveaway>()).toMatchObject(
      giveaway,
    );
  });

  it("answers 401 without an app key", async () => {
    expect((await appCall(t.app, { url: "/app" })).statusCode).toBe(401);
    expect((await appCall(t.app, { url: "/giveaway", key: "unknown" })).statusCode).toBe(401);
  });
});

describe("GET /app/v1/offerwalls", () => {
  it("answers the enabled offerwalls of the user's platform, each with the user id in its place", async () => {
    const configure = async (network: string, fields: object) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/network/",
        headers: a.headers,
        payload: { network, provision: 0.5, postbackSecret: "pb-secret", ...fields },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await configure("bitlabs", { appId: "bl-token", androidEnable: 1, iosEnable: 0 });
    await configure("cpxresearch", { appId: "123", appToken: "cpx-hash", androidEnable: 1, iosEnable: 1 });
    await configure("adgateow", { appId: "nq6Upw", androidEnable: 0, iosEnable: 1 });
    await configure("lootably", { appId: "pl-1", appToken: "k", androidEnable: 0, iosEnable: 0 });

    const android = await signUpOk(t.app, keyA, "walls-android@example.com");
    const ios = await signUpOk(t.app, keyA, "walls-ios@example.com", { platform: "ios" });
    const wallsOf = async (session: AppSessionAnswer) =>
      (
        await appCall(t.app, { url: "/offerwalls", key: keyA, token: session.accessToken })
      ).json<AppOfferwallsAnswer>().offerwalls;

    const id = android.user._id;
    const { createHash } = await import("node:crypto");
    expect(await wallsOf(android)).toEqual([
      {
        network: "cpxresearch",
        url: `https://offers.cpx-research.com/index.php?app_id=123&ext_user_id=${id}&secure_hash=${createHash("md5").update(`${id}-cpx-hash`).digest("hex")}`,
      },
      { network: "bitlabs", url: `https://web.bitlabs.ai/?uid=${id}&token=bl-token` },
    ]);
    expect((await wallsOf(ios)).map((wall) => wall.network)).toEqual(["adgateow", "cpxresearch"]);
    expect((await wallsOf(ios))[0]?.url).toBe(`https://wall.adgaterewards.com/nq6Upw/${ios.user._id}`);
  });
});
