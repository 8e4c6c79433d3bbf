import { type Country, maxUploadBytes, type Reward, type RewardListAnswer } from "@rewards/contract";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FilePart, multipartBody, png, tinyGif, tinyPng } from "../../../test/support/multipart.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { rewardItems, rewards, uploads } from "../../db/schema/index.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let country: Country;

const uploadIdOf = (url: string | null) => url?.split("/").pop() ?? "";

function json(
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

function sendForm(
  tenant: Tenant | null,
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
) {
  const body = multipartBody(fields, files);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(tenant?.headers ?? {}) },
  });
}

async function createCountry(tenant: Tenant, code: string): Promise<Country> {
  const response = await json(tenant, "POST", "/api/reward/countries", { code, priority: 1 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ country: Country }>().country;
}

async function createReward(tenant: Tenant, countryId: string, name: string, order = 1): Promise<Reward> {
  const response = await sendForm(
    tenant,
    "POST",
    `/api/reward/rewards/add/${countryId}`,
    { name, order: String(order) },
    { file: png() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ reward: Reward }>().reward;
}

async function listOk(tenant: Tenant, countryId: string, queryParams: object): Promise<RewardListAnswer> {
  const response = await json(tenant, "POST", `/api/reward/rewards/${countryId}?group=false`, {
    queryParams,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const uploadRows = (ids: string[]) =>
  t.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
  country = await createCountry(a, "US");
});
afterAll(() => t.close());

describe("POST /api/reward/rewards/add/:countryId (create, multipart)", () => {
  it("creates a reward with its icon, served with the right headers", async () => {
    const reward = await createReward(a, country._id, "  Amazon  ", 3);
    expect(reward).toMatchObject({ name: "Amazon", order: 3, countryId: country._id });
    expect(reward.iconUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    const icon = await t.app.inject({ method: "GET", url: reward.iconUrl ?? "" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.headers["x-content-type-options"]).toBe("nosniff");
    expect(icon.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(icon.rawPayload.equals(tinyPng)).toBe(true);
    const read = await json(a, "GET", `/api/reward/countries/${country._id}`);
    expect(read.json().rewardCount).toBe(1);
  });

  it("answers 400 without an icon on create", async () => {
    const response = await sendForm(a, "POST", `/api/reward/rewards/add/${country._id}`, {
      name: "PayPal",
      order: "1",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ file: "Please choose an image" });
  });

  it.each([
    ["no name", { order: "1" }, { name: "Reward Name is required" }],
    ["an empty name", { name: "   ", order: "1" }, { name: "Reward Name is required" }],
    ["a one-letter name", { name: "A", order: "1" }, { name: "Minimum 2 symbols" }],
    ["a 51-letter name", { name: "x".repeat(51), order: "1" }, { name: "Maximum 50 symbols" }],
    ["no priority", { name: "PayPal" }, { order: "Priority is required" }],
    ["an empty priority", { name: "PayPal", order: "" }, { order: "Priority is required" }],
    ["a priority that is text", { name: "PayPal", order: "first" }, { order: "Priority is required" }],
    ["a fractional priority", { name: "PayPal", order: "1.5" }, { order: "Must be a whole number" }],
  ])("answers 400 for %s", async (_, fields, fieldErrors) => {
    const response = await sendForm(a, "POST", `/api/reward/rewards/add/${country._id}`, fields, {
      file: png(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
  });

  it.each([
    [
      "an SVG",
      {
        filename: "icon.svg",
        contentType: "image/svg+xml",
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ],
    ["a text file named .png", png(Buffer.from("just some text, not an image"), "icon.png")],
  ])("refuses %s as the icon", async (_, file) => {
    const before = await t.db.select({ id: uploads.id }).from(uploads);
    const response = await sendForm(
      a,
      "POST",
      `/api/reward/rewards/add/${country._id}`,
      { name: "Bad icon", order: "1" },
      { file },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      file: "Only PNG, JPEG, WebP, GIF or ICO images are accepted",
    });
    expect(await t.db.select({ id: uploads.id }).from(uploads)).toHaveLength(before.length);
  });

  it("answers 413 for an icon of 2 MB and 1 byte", async () => {
    const content = Buffer.concat([tinyPng, Buffer.alloc(maxUploadBytes + 1 - tinyPng.length)]);
    const response = await sendForm(
      a,
      "POST",
      `/api/reward/rewards/add/${country._id}`,
      { name: "Too big", order: "1" },
      { file: png(content) },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("The image is larger than 2 MB");
    expect((await listOk(a, country._id, { filter: { name: "Too big" } })).totalCount).toBe(0);
  });

  it("answers 400 for a JSON body, 401 without a token, 404 for another administrator's country", async () => {
    const url = `/api/reward/rewards/add/${country._id}`;
    expect((await json(a, "POST", url, { name: "PayPal", order: 1 })).statusCode).toBe(400);
    expect(
      (await sendForm(null, "POST", url, { name: "PayPal", order: "1" }, { file: png() })).statusCode,
    ).toBe(401);
    const other = await sendForm(b, "POST", url, { name: "PayPal", order: "1" }, { file: png() });
    expect(other.statusCode).toBe(404);
    expect((await listOk(a, country._id, { filter: { name: "PayPal" } })).totalCount).toBe(0);
  });
});

describe("GET, PUT and DELETE /api/reward/rewards/:id", () => {
  it("updates the fields and keeps the icon when no file is sent", async () => {
    const reward = await createReward(a, country._id, "Steam", 2);
    const response = await sendForm(a, "PUT", `/api/reward/rewards/${reward._id}`, {
      name: "Steam Wallet",
      order: "4",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: "Steam Wallet", order: 4, iconUrl: reward.iconUrl });
    expect((await json(a, "GET", `/api/reward/rewards/${reward._id}`)).json()).toMatchObject({
      name: "Steam Wallet",
    });
  });

  it("replaces the icon and deletes the old upload", async () => {
    const reward = await createReward(a, country._id, "Google Play");
    const response = await sendForm(
      a,
      "PUT",
      `/api/reward/rewards/${reward._id}`,
      { name: "Google Play", order: "1" },
      { file: png(tinyGif, "new.png") },
    );
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Reward>();
    expect(updated.iconUrl).not.toBe(reward.iconUrl);
    expect(await uploadRows([uploadIdOf(reward.iconUrl)])).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: reward.iconUrl ?? "" })).statusCode).toBe(404);
    // The type comes from the bytes: a GIF named .png is served as a GIF.
    expect((await t.app.inject({ method: "GET", url: updated.iconUrl ?? "" })).headers["content-type"]).toBe(
      "image/gif",
    );
  });

  it("answers 400 for an update that breaks a rule, keeping the reward as it was", async () => {
    const reward = await createReward(a, country._id, "Apple");
    const response = await sendForm(a, "PUT", `/api/reward/rewards/${reward._id}`, { name: "A", order: "1" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ name: "Minimum 2 symbols" });
    const svg = await sendForm(
      a,
      "PUT",
      `/api/reward/rewards/${reward._id}`,
      { name: "Apple", order: "1" },
      { file: { filename: "x.svg", contentType: "image/svg+xml", content: Buffer.from("<svg/>") } },
    );
    expect(svg.statusCode).toBe(400);
    expect((await json(a, "GET", `/api/reward/rewards/${reward._id}`)).json()).toEqual(reward);
  });

  it("deletes one reward with its icon", async () => {
    const reward = await createReward(a, country._id, "Delete me");
    const response = await json(a, "DELETE", `/api/reward/rewards/${reward._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: reward._id });
    expect(await uploadRows([uploadIdOf(reward.iconUrl)])).toHaveLength(0);
    expect((await json(a, "GET", `/api/reward/rewards/${reward._id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another administrator's reward and 401 without a token", async () => {
    const reward = await createReward(a, country._id, "Private");
    const url = `/api/reward/rewards/${reward._id}`;
    expect((await json(b, "GET", url)).statusCode).toBe(404);
    expect((await sendForm(b, "PUT", url, { name: "Taken", order: "1" })).statusCode).toBe(404);
    expect((await json(b, "DELETE", url)).statusCode).toBe(404);
    expect((await json(b, "POST", "/api/reward/deleteRewards", { ids: [reward._id] })).json()).toEqual({
      deleted: 0,
    });
    expect((await json(null, "GET", url)).statusCode).toBe(401);
    expect((await sendForm(null, "PUT", url, { name: "Taken", order: "1" })).statusCode).toBe(401);
    expect((await json(null, "DELETE", url)).statusCode).toBe(401);
    expect((await json(null, "POST", "/api/reward/deleteRewards", { ids: [reward._id] })).statusCode).toBe(
      401,
    );
    expect((await json(a, "GET", url)).json()).toEqual(reward);
  });
});

describe("POST /api/reward/deleteRewards", () => {
  it("deletes the selected rewards, their items and their icons", async () => {
    const [one, two] = [
      await createReward(a, country._id, "Bulk one"),
      await createReward(a, country._id, "Bulk two"),
    ];
    const item = await json(a, "POST", `/api/reward/rewardItem/${one._id}`, { cost: "$5", points: 5000 });
    expect(item.statusCode).toBe(200);
    const response = await json(a, "POST", "/api/reward/deleteRewards", { ids: [one._id, two._id] });
    expect(response.json()).toEqual({ deleted: 2 });
    expect(await uploadRows([uploadIdOf(one.iconUrl), uploadIdOf(two.iconUrl)])).toHaveLength(0);
    expect(await t.db.select().from(rewardItems).where(eq(rewardItems.rewardId, one._id))).toHaveLength(0);
  });

  it("answers 400 for no ids", async () => {
    const response = await json(a, "POST", "/api/reward/deleteRewards", { ids: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ ids: "Select at least one record" });
  });
});

describe("deleting a country", () => {
  it("deletes its rewards, their items and their icons, and nothing of other countries", async () => {
    const doomed = await createCountry(a, "FR");
    const kept = await createCountry(a, "CA");
    const [r1, r2, other] = [
      await createReward(a, doomed._id, "Amazon"),
      await createReward(a, doomed._id, "PayPal"),
      await createReward(a, kept._id, "Amazon"),
    ];
    for (const reward of [r1, r2, other]) {
      const item = await json(a, "POST", `/api/reward/rewardItem/${reward._id}`, {
        cost: "$5",
        points: 5000,
      });
      expect(item.statusCode).toBe(200);
    }
    const response = await json(a, "DELETE", `/api/reward/countries/${doomed._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: doomed._id, rewardCount: 2 });

    expect(await t.db.select().from(rewards).where(eq(rewards.countryId, doomed._id))).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(rewardItems)
        .where(inArray(rewardItems.rewardId, [r1._id, r2._id])),
    ).toHaveLength(0);
    expect(await uploadRows([uploadIdOf(r1.iconUrl), uploadIdOf(r2.iconUrl)])).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: r1.iconUrl ?? "" })).statusCode).toBe(404);

    expect(await uploadRows([uploadIdOf(other.iconUrl)])).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(rewardItems)
        .where(and(eq(rewardItems.rewardId, other._id))),
    ).toHaveLength(1);
  });

  it("in bulk too", async () => {
    const doomed = await createCountry(a, "MX");
    const reward = await createReward(a, doomed._id, "Amazon");
    const response = await json(a, "POST", "/api/reward/countries/deleteCountries", { ids: [doomed._id] });
    expect(response.json()).toEqual({ deleted: 1 });
    expect(await uploadRows([uploadIdOf(reward.iconUrl)])).toHaveLength(0);
    expect((await json(a, "GET", `/api/reward/rewards/${reward._id}`)).statusCode).toBe(404);
  });
});

describe("POST /api/reward/rewards/:countryId (list)", () => {
  let listed: Country;
  let made: Reward[];
  beforeAll(async () => {
    listed = await createCountry(a, "GB");
    made = [];
    for (const [name, order] of [
      ["Amazon", 5],
      ["PayPal", 1],
      ["Google Play", 4],
      ["Apple", 2],
      ["Steam", 3],
      ["Amazon Fresh", 6],
      ["Xbox", 7],
    ] as const) {
      made.push(await createReward(a, listed._id, name, order));
    }
  });

  it("sorts by id ascending (creation order) and pages 5 a page by default", async () => {
    const page = await listOk(a, listed._id, {});
    expect(page.totalCount).toBe(7);
    expect(page.entities.map((reward) => reward.name)).toEqual(made.slice(0, 5).map((reward) => reward.name));
    const second = await listOk(a, listed._id, { pageNumber: 2 });
    expect(second.entities.map((reward) => reward.name)).toEqual(["Amazon Fresh", "Xbox"]);
  });

  it("offers page sizes 1, 3 and 5", async () => {
    for (const pageSize of [1, 3, 5]) {
      expect((await listOk(a, listed._id, { pageSize })).entities).toHaveLength(pageSize);
    }
  });

  it("sorts by priority and by name", async () => {
    const byOrder = await listOk(a, listed._id, { sortField: "order", sortOrder: "desc", pageSize: 3 });
    expect(byOrder.entities.map((reward) => reward.order)).toEqual([7, 6, 5]);
    const byName = await listOk(a, listed._id, { sortField: "name", sortOrder: "asc", pageSize: 2 });
    expect(byName.entities.map((reward) => reward.name)).toEqual(["Amazon", "Amazon Fresh"]);
    const byId = await listOk(a, listed._id, { sortField: "_id", sortOrder: "desc", pageSize: 1 });
    expect(byId.entities[0]?.name).toBe("Xbox");
  });

  it("searches by name, case-insensitively, within the country only", async () => {
    const page = await listOk(a, listed._id, { filter: { name: " amazon " } });
    expect(page.entities.map((reward) => reward.name)).toEqual(["Amazon", "Amazon Fresh"]);
    expect(page.entities.every((reward) => reward.countryId === listed._id)).toBe(true);
  });

  it("answers an empty page for a country without rewards or a filter that matches none, 404 for an unknown id", async () => {
    const empty = await createCountry(a, "NL");
    expect(await listOk(a, empty._id, {})).toEqual({ totalCount: 0, entities: [] });
    expect(await listOk(a, listed._id, { filter: { name: "nothing like it" } })).toEqual({
      totalCount: 0,
      entities: [],
    });
    const unknown = "00000000-0000-7000-8000-000000000000";
    expect(
      (await json(a, "POST", `/api/reward/rewards/${unknown}?group=false`, { queryParams: {} })).statusCode,
    ).toBe(404);
  });

  it("shows each country's number of rewards on the countries' page, its own rewards only", async () => {
    const other = await createCountry(b, "GB");
    await createReward(b, other._id, "Elsewhere");
    const response = await json(a, "POST", "/api/reward/countries/pagination?group=false", {
      queryParams: { pageSize: 100 },
    });
    const counts = Object.fromEntries(
      response.json<{ entities: Country[] }>().entities.map((country) => [country.code, country.rewardCount]),
    );
    expect(counts).toMatchObject({ GB: 7, NL: 0 });
  });

  it("answers 404 for another administrator's country, 401 without a token, 400 for bad params", async () => {
    const url = `/api/reward/rewards/${listed._id}?group=false`;
    expect((await json(b, "POST", url, { queryParams: {} })).statusCode).toBe(404);
    expect((await json(null, "POST", url, { queryParams: {} })).statusCode).toBe(401);
    expect((await json(a, "POST", url, { queryParams: { sortField: "priority" } })).statusCode).toBe(400);
    expect((await json(a, "POST", url, { queryParams: { filter: { code: "x" } } })).statusCode).toBe(400);
    expect((await json(a, "POST", "/api/reward/rewards/42", { queryParams: {} })).statusCode).toBe(400);
  });
});
