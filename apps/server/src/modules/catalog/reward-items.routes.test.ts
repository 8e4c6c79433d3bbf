import {
  type Country,
  messages,
  type Reward,
  type RewardItem,
  type RewardItemListAnswer,
} from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, png } from "../../../test/support/multipart.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let reward: Reward;

function call(
  tenant: Tenant | null,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: tenant?.headers ?? {},
    ...(payload === undefined ? {} : { payload }),
  });
}

async function createItem(rewardId: string, cost: string, points: number): Promise<RewardItem> {
  const response = await call(a, "POST", `/api/reward/rewardItem/${rewardId}`, { cost, points });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ rewardItem: RewardItem }>().rewardItem;
}

async function listOk(rewardId: string, queryParams: object): Promise<RewardItemListAnswer> {
  const response = await call(a, "POST", `/api/reward/rewardsItems/${rewardId}?group=false`, { queryParams });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function createReward(countryId: string, name: string): Promise<Reward> {
  const body = multipartBody({ name, order: "1" }, { file: png() });
  const response = await t.app.inject({
    method: "POST",
    url: `/api/reward/rewards/add/${countryId}`,
    payload: body.payload,
    headers: { ...body.headers, ...a.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ reward: Reward }>().reward;
}

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
  const country = (await call(a, "POST", "/api/reward/countries", { code: "WW", priority: 1 })).json<{
    country: Country;
  }>().country;
  reward = await createReward(country._id, "Amazon");
});
afterAll(() => t.close());

describe("POST /api/reward/rewardItem/:rewardId (create)", () => {
  it("creates an item of the reward", async () => {
    const item = await createItem(reward._id, " $5 ", 5000);
    expect(item).toMatchObject({ cost: "$5", points: 5000, rewardId: reward._id });
    expect((await call(a, "GET", `/api/reward/rewardItem/${item._id}`)).json()).toEqual(item);
  });

  it.each([
    ["no amount", { points: 1 }, { cost: "RewardItem Name is required" }],
    ["an empty amount", { cost: "  ", points: 1 }, { cost: "RewardItem Name is required" }],
    ["a 51-letter amount", { cost: "x".repeat(51), points: 1 }, { cost: "Maximum 50 symbols" }],
    ["no points", { cost: "$5" }, { points: "Points is required" }],
    ["points that are text", { cost: "$5", points: "5000" }, { points: "Points is required" }],
    ["fractional points", { cost: "$5", points: 1.5 }, { points: "Must be a whole number" }],
    ["negative points", { cost: "$5", points: -1 }, { points: "Minimum 0" }],
  ])("answers 400 for %s", async (_, payload, fieldErrors) => {
    const response = await call(a, "POST", `/api/reward/rewardItem/${reward._id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
  });

  it("answers 404 for another administrator's reward and 401 without a token", async () => {
    const url = `/api/reward/rewardItem/${reward._id}`;
    expect((await call(b, "POST", url, { cost: "$5", points: 5 })).statusCode).toBe(404);
    expect((await call(null, "POST", url, { cost: "$5", points: 5 })).statusCode).toBe(401);
  });
});

describe("GET, PUT and DELETE /api/reward/rewardItem/:id", () => {
  it("updates and deletes an item", async () => {
    const item = await createItem(reward._id, "$10", 10000);
    const updated = await call(a, "PUT", `/api/reward/rewardItem/${item._id}`, {
      cost: "$15",
      points: 15000,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ _id: item._id, cost: "$15", points: 15000, rewardId: reward._id });
    const deleted = await call(a, "DELETE", `/api/reward/rewardItem/${item._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ _id: item._id, cost: "$15" });
    expect((await call(a, "GET", `/api/reward/rewardItem/${item._id}`)).statusCode).toBe(404);
  });

  it("answers 400 for an update that breaks a rule", async () => {
    const item = await createItem(reward._id, "$20", 20000);
    const response = await call(a, "PUT", `/api/reward/rewardItem/${item._id}`, { cost: "", points: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ cost: "RewardItem Name is required" });
  });

  it("answers 404 for another administrator's item and 401 without a token", async () => {
    const item = await createItem(reward._id, "$25", 25000);
    const url = `/api/reward/rewardItem/${item._id}`;
    expect((await call(b, "GET", url)).statusCode).toBe(404);
    expect((await call(b, "PUT", url, { cost: "$1", points: 1 })).statusCode).toBe(404);
    expect((await call(b, "DELETE", url)).statusCode).toBe(404);
    expect((await call(b, "POST", "/api/reward/deleteItems", { ids: [item._id] })).json()).toEqual({
      deleted: 0,
    });
    expect((await call(null, "GET", url)).statusCode).toBe(401);
    expect((await call(null, "PUT", url, { cost: "$1", points: 1 })).statusCode).toBe(401);
    expect((await call(null, "DELETE", url)).statusCode).toBe(401);
    expect((await call(null, "POST", "/api/reward/deleteItems", { ids: [item._id] })).statusCode).toBe(401);
    expect((await call(a, "GET", url)).json()).toEqual(item);
  });
});

describe("POST /api/reward/deleteItems", () => {
  it("deletes the selected items", async () => {
    const [one, two] = [await createItem(reward._id, "$30", 1), await createItem(reward._id, "$31", 2)];
    const response = await call(a, "POST", "/api/reward/deleteItems", { ids: [one._id, two._id] });
    expect(response.json()).toEqual({ deleted: 2 });
    expect((await call(a, "GET", `/api/reward/rewardItem/${one._id}`)).statusCode).toBe(404);
  });

  it("answers 400 for no ids", async () => {
    expect((await call(a, "POST", "/api/reward/deleteItems", { ids: [] })).statusCode).toBe(400);
  });
});

describe("POST /api/reward/rewardsItems/:rewardId (list)", () => {
  let listed: Reward;
  let made: RewardItem[];
  beforeAll(async () => {
    const country = (await call(a, "POST", "/api/reward/countries", { code: "US", priority: 1 })).json<{
      country: Country;
    }>().country;
    listed = await createReward(country._id, "PayPal");
    made = [];
    for (const [cost, points] of [
      ["$5", 5000],
      ["$50", 50000],
      ["$10", 10000],
      ["$25", 25000],
      ["$1", 1000],
      ["$100", 100000],
    ] as const) {
      made.push(await createItem(listed._id, cost, points));
    }
  });

  it("sorts by id ascending and pages 5 a page by default", async () => {
    const page = await listOk(listed._id, {});
    expect(page.totalCount).toBe(6);
    expect(page.entities.map((item) => item.cost)).toEqual(made.slice(0, 5).map((item) => item.cost));
    expect((await listOk(listed._id, { pageNumber: 2 })).entities.map((item) => item.cost)).toEqual(["$100"]);
  });

  it("offers page sizes 1, 3 and 5, sorts by points, and shows only this reward's items", async () => {
    for (const pageSize of [1, 3, 5]) {
      expect((await listOk(listed._id, { pageSize })).entities).toHaveLength(pageSize);
    }
    const byPoints = await listOk(listed._id, { sortField: "points", sortOrder: "desc", pageSize: 2 });
    expect(byPoints.entities.map((item) => item.points)).toEqual([100000, 50000]);
    const all = await listOk(listed._id, { pageSize: 100 });
    expect(all.entities.every((item) => item.rewardId === listed._id)).toBe(true);
  });

  it("answers an empty page for a reward without items or a filter that matches none, 404 for an unknown id", async () => {
    const empty = await createReward(listed.countryId, "Steam");
    expect(await listOk(empty._id, {})).toEqual({ totalCount: 0, entities: [] });
    expect(await listOk(listed._id, { filter: { cost: "nothing like it" } })).toEqual({
      totalCount: 0,
      entities: [],
    });
    const unknown = "00000000-0000-7000-8000-000000000000";
    expect(
      (await call(a, "POST", `/api/reward/rewardsItems/${unknown}?group=false`, { queryParams: {} }))
        .statusCode,
    ).toBe(404);
  });

  it("answers 404 for another administrator's reward, 401 without a token, 400 for bad params", async () => {
    const url = `/api/reward/rewardsItems/${listed._id}?group=false`;
    expect((await call(b, "POST", url, { queryParams: {} })).statusCode).toBe(404);
    expect((await call(null, "POST", url, { queryParams: {} })).statusCode).toBe(401);
    expect((await call(a, "POST", url, { queryParams: { pageSize: 0 } })).statusCode).toBe(400);
    expect((await call(a, "POST", url, { queryParams: { sortField: "name" } })).statusCode).toBe(400);
  });
});

describe("an item's fulfilment and stock", () => {
  const importCodes = (itemId: string, csv: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/payouts/items/${itemId}/codes`,
      headers: a.headers,
      payload: { csv },
    });

  it("is manual by default, with a low-stock threshold of 10 and no stock figure", async () => {
    const item = await createItem(reward._id, "$40", 40000);
    expect(item).toMatchObject({ fulfilment: "manual", lowStockBelow: 10, available: null });
  });

  it("counts an inventory item's available codes, on create, update, details and list", async () => {
    const created = await call(a, "POST", `/api/reward/rewardItem/${reward._id}`, {
      cost: "$45",
      points: 45000,
      fulfilment: "inventory",
      lowStockBelow: 3,
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json<{ rewardItem: RewardItem }>().rewardItem;
    expect(item).toMatchObject({ fulfilment: "inventory", lowStockBelow: 3, available: 0 });
    const imported = await importCodes(
      item._id,
      "code,expires\nSTOCK-0001,\nSTOCK-0002,\nSTOCK-0003,2020-01-01\n",
    );
    expect(imported.json()).toMatchObject({ added: 2 });
    expect((await call(a, "GET", `/api/reward/rewardItem/${item._id}`)).json()).toMatchObject({
      available: 2,
    });
    const listed = await listOk(reward._id, { pageSize: 100 });
    expect(listed.entities.find((entity) => entity._id === item._id)).toMatchObject({ available: 2 });
    expect(
      listed.entities.filter((entity) => entity.fulfilment === "manual").every((e) => e.available === null),
    ).toBe(true);
    const updated = await call(a, "PUT", `/api/reward/rewardItem/${item._id}`, {
      cost: "$45",
      points: 45000,
      fulfilment: "manual",
      lowStockBelow: 5,
    });
    expect(updated.json()).toMatchObject({ fulfilment: "manual", lowStockBelow: 5, available: null });
    const [entry] = (
      await call(a, "POST", "/api/audit", {
        queryParams: { filter: { action: "rewardItem.update", recordId: item._id } },
      })
    ).json().entities;
    expect(entry.changes).toMatchObject({
      fulfilment: { before: "inventory", after: "manual" },
      lowStockBelow: { before: 3, after: 5 },
    });
  });

  it("refuses the provider fulfilment while no provider exists, and an unknown one", async () => {
    const refused = await call(a, "POST", `/api/reward/rewardItem/${reward._id}`, {
      cost: "$50",
      points: 50000,
      fulfilment: "provider",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ fulfilment: messages.providerNotReady });
    const item = await createItem(reward._id, "$55", 55000);
    const update = await call(a, "PUT", `/api/reward/rewardItem/${item._id}`, {
      cost: "$55",
      points: 55000,
      fulfilment: "provider",
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().fieldErrors).toEqual({ fulfilment: messages.providerNotReady });
    expect((await call(a, "GET", `/api/reward/rewardItem/${item._id}`)).json()).toMatchObject({
      fulfilment: "manual",
    });
    const unknown = await call(a, "POST", `/api/reward/rewardItem/${reward._id}`, {
      cost: "$50",
      points: 50000,
      fulfilment: "carrier pigeon",
    });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().fieldErrors)).toEqual(["fulfilment"]);
    const negative = await call(a, "POST", `/api/reward/rewardItem/${reward._id}`, {
      cost: "$50",
      points: 50000,
      lowStockBelow: -1,
    });
    expect(negative.json().fieldErrors).toEqual({ lowStockBelow: "Minimum 0" });
  });
});

describe("a provider item (Tremendous)", () => {
  let providerReward: Reward;
  const provider = {
    cost: "$10 Visa",
    points: 10000,
    fulfilment: "provider",
    providerProductId: "OKMHM2X2OHYV",
    providerValue: 10,
  };
  const create = (body: object) => call(b, "POST", `/api/reward/rewardItem/${providerReward._id}`, body);

  beforeAll(async () => {
    const country = (await call(b, "POST", "/api/reward/countries", { code: "US", priority: 1 })).json<{
      country: Country;
    }>().country;
    const body = multipartBody({ name: "Visa", order: "1" }, { file: png() });
    const created = await t.app.inject({
      method: "POST",
      url: `/api/reward/rewards/add/${country._id}`,
      payload: body.payload,
      headers: { ...body.headers, ...b.headers },
    });
    expect(created.statusCode, created.body).toBe(200);
    providerReward = created.json<{ reward: Reward }>().reward;
    const saved = await call(b, "PUT", "/api/payouts/settings", {
      paused: false,
      approvalAbove: null,
      tremendous: {
        apiKey: "TEST_api_key_0001",
        baseUrl: "https://testflight.tremendous.com/api/v2",
        fundingSourceId: "BALANCE",
        webhookPrivateKey: "whk_secret_0001",
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it("stores the product, the value and the currency, answers them and audits their changes", async () => {
    const created = await create({ ...provider, providerCurrency: "EUR" });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json<{ rewardItem: RewardItem }>().rewardItem;
    expect(item).toMatchObject({
      fulfilment: "provider",
      providerProductId: "OKMHM2X2OHYV",
      providerCampaignId: null,
      providerValue: 10,
      providerCurrency: "EUR",
      available: null,
    });
    expect((await call(b, "GET", `/api/reward/rewardItem/${item._id}`)).json()).toEqual(item);
    const listed = (
      await call(b, "POST", `/api/reward/rewardsItems/${providerReward._id}?group=false`, { queryParams: {} })
    ).json<RewardItemListAnswer>();
    expect(listed.entities.find((entity) => entity._id === item._id)).toEqual(item);

    const updated = await call(b, "PUT", `/api/reward/rewardItem/${item._id}`, {
      cost: "$10 Visa",
      points: 10000,
      fulfilment: "provider",
      providerCampaignId: "CAMPAIGN-7",
      providerValue: 12.5,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      providerProductId: null,
      providerCampaignId: "CAMPAIGN-7",
      providerValue: 12.5,
      providerCurrency: "USD",
    });
    const audit = async (action: string) =>
      (
        await call(b, "POST", "/api/audit", { queryParams: { filter: { action, recordId: item._id } } })
      ).json().entities[0];
    expect((await audit("rewardItem.create")).changes).toMatchObject({
      fulfilment: { after: "provider" },
      providerProductId: { after: "OKMHM2X2OHYV" },
      providerValue: { after: 10 },
      providerCurrency: { after: "EUR" },
    });
    expect((await audit("rewardItem.update")).changes).toEqual({
      providerProductId: { before: "OKMHM2X2OHYV", after: null },
      providerCampaignId: { before: null, after: "CAMPAIGN-7" },
      providerValue: { before: 10, after: 12.5 },
      providerCurrency: { before: "EUR", after: "USD" },
    });
  });

  it("takes a campaign instead of a product, and keeps 2 decimals exactly", async () => {
    const created = await create({
      ...provider,
      providerProductId: null,
      providerCampaignId: "CAMPAIGN-1",
      providerValue: 2.25,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().rewardItem).toMatchObject({
      providerCampaignId: "CAMPAIGN-1",
      providerValue: 2.25,
    });
  });

  // 2.55 * 100 is 254.99999999999997 in binary floating point: an exact comparison refused valid amounts.
  it("accepts every amount of 2 decimals, e.g. 2.55 and 0.29", async () => {
    for (const providerValue of [2.55, 0.29, 19.99]) {
      const created = await create({ ...provider, providerValue });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().rewardItem.providerValue).toBe(providerValue);
    }
  });

  it.each([
    ["no value", { providerValue: null }, { providerValue: messages.providerItemFields }],
    [
      "no product nor campaign",
      { providerProductId: "  " },
      { providerProductId: messages.providerItemFields },
    ],
    [
      "neither",
      { providerProductId: null, providerValue: null },
      { providerValue: messages.providerItemFields, providerProductId: messages.providerItemFields },
    ],
  ])("answers 400 for %s, creating nothing", async (_case, change, fieldErrors) => {
    const before = await call(b, "POST", `/api/reward/rewardsItems/${providerReward._id}?group=false`, {
      queryParams: {},
    });
    const refused = await create({ ...provider, ...change });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: messages.providerItemFields, fieldErrors });
    const after = await call(b, "POST", `/api/reward/rewardsItems/${providerReward._id}?group=false`, {
      queryParams: {},
    });
    expect(after.json().totalCount).toBe(before.json().totalCount);
  });

  it.each([
    ["a lower-case currency", { providerCurrency: "usd" }, "providerCurrency"],
    ["a currency of 4 letters", { providerCurrency: "USDT" }, "providerCurrency"],
    ["3 decimals", { providerValue: 5.125 }, "providerValue"],
    ["a negative value", { providerValue: -5 }, "providerValue"],
    ["a zero value", { providerValue: 0 }, "providerValue"],
    ["a value as text", { providerValue: "5" }, "providerValue"],
    ["a product id of 101 characters", { providerProductId: "P".repeat(101) }, "providerProductId"],
  ])("answers 400 for %s", async (_case, change, field) => {
    const refused = await create({ ...provider, ...change });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().fieldErrors)).toEqual([field]);
  });

  it("refuses an update to a provider item without its fields, leaving the item as it was", async () => {
    const manual = await call(b, "POST", `/api/reward/rewardItem/${providerReward._id}`, {
      cost: "$20",
      points: 20000,
    });
    const item = manual.json<{ rewardItem: RewardItem }>().rewardItem;
    const refused = await call(b, "PUT", `/api/reward/rewardItem/${item._id}`, {
      cost: "$20",
      points: 20000,
      fulfilment: "provider",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      providerValue: messages.providerItemFields,
      providerProductId: messages.providerItemFields,
    });
    expect((await call(b, "GET", `/api/reward/rewardItem/${item._id}`)).json()).toEqual(item);
  });
});
