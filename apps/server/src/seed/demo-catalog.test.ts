import { fileTypeFromBuffer } from "file-type";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../test/support/test-app.ts";
import { seedDemoCatalog, solidPng } from "./demo-catalog.ts";

let t: TestApp;
let a: Tenant;
beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
});
afterAll(() => t.close());

it("makes valid PNG icons", async () => {
  const png = solidPng(64, [255, 153, 0]);
  expect(await fileTypeFromBuffer(png)).toMatchObject({ mime: "image/png" });
  expect(png.readUInt32BE(16)).toBe(64);
});

it("seeds countries (Worldwide first) with rewards, icons and items, once", async () => {
  expect(await seedDemoCatalog(t.db, a.id)).toEqual({ countries: 8, rewards: 40, rewardItems: 88 });
  expect(await seedDemoCatalog(t.db, a.id)).toEqual({ countries: 0, rewards: 0, rewardItems: 0 });
  const list = await t.app.inject({
    method: "POST",
    url: "/api/reward/countries/pagination",
    headers: a.headers,
    payload: { queryParams: { pageSize: 3 } },
  });
  const [first] = list.json().entities;
  expect(first).toMatchObject({ code: "WW", fullName: "Worldwide", rewardCount: 5 });
  const rewards = await t.app.inject({
    method: "POST",
    url: `/api/reward/rewards/${first._id}`,
    headers: a.headers,
    payload: { queryParams: {} },
  });
  const [amazon] = rewards.json().entities;
  expect(amazon).toMatchObject({ name: "Amazon" });
  const icon = await t.app.inject({ method: "GET", url: amazon.iconUrl });
  expect(icon.headers["content-type"]).toBe("image/png");
  const items = await t.app.inject({
    method: "POST",
    url: `/api/reward/rewardsItems/${amazon._id}`,
    headers: a.headers,
    payload: { queryParams: {} },
  });
  expect(
    items.json().entities.map((item: { cost: string; points: number }) => [item.cost, item.points]),
  ).toEqual([
    ["$5", 5000],
    ["$10", 10000],
    ["$25", 25000],
  ]);
});
