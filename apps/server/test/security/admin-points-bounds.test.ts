import { randomUUID } from "node:crypto";
import { maxPointsBalance, maxPointsMove } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUsers, pointsLedger, rewardItems } from "../../src/db/schema/index.ts";
import { movePoints } from "../../src/modules/ledger/move-points.ts";
import { addCatalogCountry } from "../support/app-api.ts";
import { ledgerMismatches, type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Every points value an administrator types is bounded by the contract, so a huge one is a 400 with a
// message and never reaches the database as a numeric overflow (a 500).

let t: TestApp;
let a: Tenant;
let rewardId: string;
let itemId: string;

/** Past every bound: beyond a move, beyond 32 and 53 bits, beyond bigint, beyond a double's integers. */
const huge = [maxPointsMove + 1, 2_147_483_648_000, Number.MAX_SAFE_INTEGER + 2, 9.3e18, 1e21, 1e308];

beforeAll(async () => {
  t = await startTestApp();
  ({ a } = await twoTenants(t.app));
  ({
    rewardId,
    itemIds: [itemId = ""],
  } = await addCatalogCountry(t.db, a, "US"));
});
afterAll(() => t?.close());

const send = (method: "POST" | "PUT", url: string, payload: object) =>
  t.app.inject({ method, url, headers: a.headers, payload });

async function addUser(points = 0) {
  const id = randomUUID();
  await t.db
    .insert(appUsers)
    .values({ id, adminId: a.id, username: `${id}@users.test`, referCode: id.slice(0, 6) });
  if (points) {
    await t.db.transaction((tx) =>
      movePoints(tx, { adminId: a.id, userId: id, amount: points, reason: "offer" }),
    );
  }
  return id;
}
const balanceOf = async (id: string) =>
  (await t.db.select({ points: appUsers.points }).from(appUsers).where(eq(appUsers.id, id)))[0]?.points;
const edit = (id: string, pointsDelta: number) =>
  send("PUT", `/api/users/${id}`, {
    referCode: id.slice(0, 6),
    provision: 0,
    isVerfied: false,
    pointsDelta,
    pointsReason: "Bounds",
  });

describe("hole 9: points an administrator enters are bounded", () => {
  it.each(huge.flatMap((value) => [value, -value]))(
    "a user's points change of %d answers 400 with the limit, changing nothing",
    async (delta) => {
      const id = await addUser(100);
      const response = await edit(id, delta);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        pointsDelta: "A change can add or remove at most 1,000,000,000,000 points",
      });
      expect(await balanceOf(id)).toBe(100);
    },
  );

  it("takes a change of exactly the limit, both ways, as one exact 64-bit ledger row", async () => {
    const id = await addUser();
    const up = await edit(id, maxPointsMove);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().points).toBe(maxPointsMove);
    const down = await edit(id, -maxPointsMove);
    expect(down.json().points).toBe(0);
    const rows = await t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, id));
    expect(rows.map((row) => row.amount).sort()).toEqual([-maxPointsMove, maxPointsMove].sort());
  });

  it("refuses (409) a change that would take the balance above the balance limit; a removal still works", async () => {
    const id = await addUser(maxPointsBalance - 10);
    const response = await edit(id, 11);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().fieldErrors).toEqual({
      pointsDelta: "This change would take the balance above 1,000,000,000,000,000 points",
    });
    expect(await balanceOf(id)).toBe(maxPointsBalance - 10);
    expect((await edit(id, 10)).statusCode).toBe(200);
    expect((await edit(id, -5)).json().points).toBe(maxPointsBalance - 5);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it.each(huge)("a reward item's points of %d answer 400 on create and on edit", async (points) => {
    const created = await send("POST", `/api/reward/rewardItem/${rewardId}`, { cost: "$1", points });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().fieldErrors).toEqual({ points: "Maximum 1000000000" });
    const edited = await send("PUT", `/api/reward/rewardItem/${itemId}`, { cost: "$1", points });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().fieldErrors).toEqual({ points: "Maximum 1000000000" });
    const [item] = await t.db.select().from(rewardItems).where(eq(rewardItems.id, itemId));
    expect(item?.points).toBe(5000);
  });

  const config = {
    refPercent: 25,
    ratio: 1000,
    fbLike: 10,
    fbShare: 20,
    twShare: 20,
    blockVpnSignups: false,
  };
  it.each(
    (["refPercent", "ratio", "fbLike", "fbShare", "twShare"] as const).flatMap((field) =>
      huge.map((value) => [field, value] as const),
    ),
  )("the general config's %s of %d answers 400 on create and on edit", async (field, value) => {
    const body = { ...config, [field]: value };
    const created = await send("POST", "/api/setting/settingconfig", body);
    expect(created.statusCode, created.body).toBe(400);
    expect(Object.keys(created.json().fieldErrors)).toEqual([field]);
    const saved = await t.app.inject({
      method: "GET",
      url: `/api/setting/settingconfig/${a.id}`,
      headers: a.headers,
    });
    let id = saved.json()._id as string | undefined;
    if (!id) id = (await send("POST", "/api/setting/settingconfig", config)).json().settingconfig._id;
    const edited = await send("PUT", `/api/setting/settingconfig/${id}`, body);
    expect(edited.statusCode, edited.body).toBe(400);
    expect(Object.keys(edited.json().fieldErrors)).toEqual([field]);
  });

  it.each(huge)(
    "the other whole numbers an administrator types (%d) answer 400, never 5xx",
    async (value) => {
      const cases: [string, object][] = [
        ["/api/reward/countries", { code: "IT", priority: value }],
        [
          "/api/nativeAds/",
          {
            network: "applovin",
            owClick: value,
            navClick: 1,
            owEnable: 1,
            openEnable: 1,
            navClickEnable: 1,
            bannerEnable: 1,
          },
        ],
        [
          "/api/giveaway/",
          { giveawayTitle: "Win big", giveawayDescription: "Every week", giveawayStatus: value },
        ],
      ];
      for (const [url, body] of cases) {
        const response = await send("POST", url, body);
        expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      }
    },
  );
});
