import type { Country, CountryListAnswer } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;

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

async function create(tenant: Tenant, code: string, priority: number): Promise<Country> {
  const response = await call(tenant, "POST", "/api/reward/countries", { code, priority });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ country: Country }>().country;
}

async function listOk(tenant: Tenant, queryParams: Record<string, unknown>): Promise<CountryListAnswer> {
  const response = await call(tenant, "POST", "/api/reward/countries/pagination?group=false", {
    queryParams,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
});
afterAll(() => t.close());

describe("POST /api/reward/countries (create)", () => {
  it("creates a country, taking its full name from the code", async () => {
    const country = await create(a, "de", 7);
    expect(country).toMatchObject({ code: "DE", fullName: "Germany", priority: 7, rewardCount: 0 });
    expect(country._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts Worldwide (WW) and ignores a fullName sent", async () => {
    const response = await call(a, "POST", "/api/reward/countries", {
      code: "WW",
      priority: 100,
      fullName: "Mars",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().country).toMatchObject({ code: "WW", fullName: "Worldwide" });
  });

  it("answers 409 with a clear message for a code the tenant already has", async () => {
    const response = await call(a, "POST", "/api/reward/countries", { code: "DE", priority: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: "A country with the code DE already exists",
      fieldErrors: { code: "A country with the code DE already exists" },
    });
  });

  it("lets another administrator have the same code", async () => {
    expect((await create(b, "DE", 1)).fullName).toBe("Germany");
  });

  it.each([
    ["no priority", { code: "FR" }, { priority: "Priority is required" }],
    ["a priority that is text", { code: "FR", priority: "high" }, { priority: "Priority is required" }],
    ["a fractional priority", { code: "FR", priority: 1.5 }, { priority: "Must be a whole number" }],
    ["a negative priority", { code: "FR", priority: -1 }, { priority: "Minimum 0" }],
    ["no country", { priority: 1 }, { code: "Please select a country" }],
    ["an empty country", { code: " ", priority: 1 }, { code: "Please select a country" }],
    ["a code not in the list", { code: "ZZ", priority: 1 }, { code: "Choose a country from the list" }],
    ["a name instead of a code", { code: "France", priority: 1 }, { code: "Choose a country from the list" }],
  ])("answers 400 for %s", async (_, payload, fieldErrors) => {
    const response = await call(a, "POST", "/api/reward/countries", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(fieldErrors);
  });

  it("answers 401 without a token", async () => {
    expect((await call(null, "POST", "/api/reward/countries", { code: "FR", priority: 1 })).statusCode).toBe(
      401,
    );
  });
});

describe("GET, PUT and DELETE /api/reward/countries/:id", () => {
  it("reads, updates (code and name together) and deletes a country", async () => {
    const country = await create(a, "IT", 3);
    const read = await call(a, "GET", `/api/reward/countries/${country._id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(country);

    const updated = await call(a, "PUT", `/api/reward/countries/${country._id}`, { code: "es", priority: 9 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ _id: country._id, code: "ES", fullName: "Spain", priority: 9 });
    // Saving with its own code again is no conflict.
    expect(
      (await call(a, "PUT", `/api/reward/countries/${country._id}`, { code: "ES", priority: 8 })).statusCode,
    ).toBe(200);

    const deleted = await call(a, "DELETE", `/api/reward/countries/${country._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ _id: country._id, code: "ES" });
    expect((await call(a, "GET", `/api/reward/countries/${country._id}`)).statusCode).toBe(404);
    expect((await call(a, "DELETE", `/api/reward/countries/${country._id}`)).statusCode).toBe(404);
  });

  it("answers 409 when an update takes a code the tenant already has", async () => {
    const country = await create(a, "PT", 1);
    const response = await call(a, "PUT", `/api/reward/countries/${country._id}`, {
      code: "DE",
      priority: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("A country with the code DE already exists");
  });

  it("answers 400 for an update that breaks a rule, and for an id that is not an id", async () => {
    const country = await create(a, "AT", 1);
    const response = await call(a, "PUT", `/api/reward/countries/${country._id}`, { code: "AT" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ priority: "Priority is required" });
    expect((await call(a, "GET", "/api/reward/countries/42")).statusCode).toBe(400);
  });

  it("answers 404 for another administrator's country, and changes nothing", async () => {
    const country = await create(a, "NL", 4);
    const url = `/api/reward/countries/${country._id}`;
    expect((await call(b, "GET", url)).statusCode).toBe(404);
    expect((await call(b, "PUT", url, { code: "BE", priority: 1 })).statusCode).toBe(404);
    expect((await call(b, "DELETE", url)).statusCode).toBe(404);
    const bulk = await call(b, "POST", "/api/reward/countries/deleteCountries", { ids: [country._id] });
    expect(bulk.json()).toEqual({ deleted: 0 });
    expect((await call(a, "GET", url)).json()).toEqual(country);
  });

  it("answers 401 without a token", async () => {
    const country = await create(a, "BE", 1);
    const url = `/api/reward/countries/${country._id}`;
    expect((await call(null, "GET", url)).statusCode).toBe(401);
    expect((await call(null, "PUT", url, { code: "BE", priority: 2 })).statusCode).toBe(401);
    expect((await call(null, "DELETE", url)).statusCode).toBe(401);
    expect(
      (await call(null, "POST", "/api/reward/countries/deleteCountries", { ids: [country._id] })).statusCode,
    ).toBe(401);
    expect(
      (await call(null, "POST", "/api/reward/countries/pagination", { queryParams: {} })).statusCode,
    ).toBe(401);
  });
});

describe("POST /api/reward/countries/deleteCountries", () => {
  it("deletes the selected countries of the tenant only", async () => {
    const [one, two, kept] = [await create(a, "SE", 1), await create(a, "NO", 1), await create(a, "FI", 1)];
    const response = await call(a, "POST", "/api/reward/countries/deleteCountries", {
      ids: [one._id, two._id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect((await call(a, "GET", `/api/reward/countries/${one._id}`)).statusCode).toBe(404);
    expect((await call(a, "GET", `/api/reward/countries/${kept._id}`)).statusCode).toBe(200);
  });

  it.each([
    ["no ids", { ids: [] }, "Select at least one record"],
    ["ids that are not ids", { ids: ["x"] }, "Not a valid id"],
  ])("answers 400 for %s", async (_, payload, message) => {
    const response = await call(a, "POST", "/api/reward/countries/deleteCountries", payload);
    expect(response.statusCode).toBe(400);
    expect(Object.values(response.json().fieldErrors)).toContain(message);
  });
});

describe("POST /api/reward/countries/pagination (list)", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    // A tenant of its own: b, whose only country so far is DE (priority 1).
    tenant = b;
    for (const [code, priority] of [
      ["US", 50],
      ["GB", 40],
      ["IN", 30],
      ["BR", 20],
      ["WW", 60],
      ["CA", 20],
      ["AU", 10],
      ["MX", 5],
      ["IE", 5],
      ["GE", 2],
      ["NZ", 3],
    ] as const) {
      await create(tenant, code, priority);
    }
  });

  it("sorts by priority descending and pages 10 a page by default", async () => {
    const page = await listOk(tenant, {});
    expect(page.totalCount).toBe(12);
    expect(page.entities).toHaveLength(10);
    expect(page.entities[0]).toMatchObject({ code: "WW", fullName: "Worldwide" });
    const priorities = page.entities.map((country) => country.priority);
    expect(priorities).toEqual([...priorities].sort((x, y) => y - x));
    const second = await listOk(tenant, { pageNumber: 2 });
    expect(second.entities).toHaveLength(2);
    const ids = [...page.entities, ...second.entities].map((country) => country._id);
    expect(new Set(ids).size).toBe(12);
  });

  it("sorts by name and by code both ways", async () => {
    const byName = (await listOk(tenant, { sortField: "fullName", sortOrder: "asc", pageSize: 100 }))
      .entities;
    const names = byName.map((country) => country.fullName);
    expect(names).toEqual([...names].sort());
    const byCode = (await listOk(tenant, { sortField: "code", sortOrder: "desc", pageSize: 3 })).entities;
    expect(byCode.map((country) => country.code)).toEqual(["WW", "US", "NZ"]);
    const ascending = (await listOk(tenant, { sortField: "priority", sortOrder: "asc", pageSize: 5 }))
      .entities;
    expect(ascending[0]?.code).toBe("DE");
  });

  it("filters by a name substring, case-insensitively and trimmed", async () => {
    const page = await listOk(tenant, { filter: { fullName: "  UNITED " }, pageSize: 100 });
    expect(page.entities.map((country) => country.code).sort()).toEqual(["GB", "US"]);
    expect((await listOk(tenant, { filter: { fullName: "%" } })).totalCount).toBe(0);
  });

  it("filters by code exactly, upper-casing it", async () => {
    expect((await listOk(tenant, { filter: { code: "ge" } })).entities.map((c) => c.code)).toEqual(["GE"]);
    // "GE" is not a prefix match for Germany's DE, nor is "G" for GB or GE.
    expect((await listOk(tenant, { filter: { code: "G" } })).totalCount).toBe(0);
  });

  it("filters by id, and never shows another administrator's countries", async () => {
    const [first] = (await listOk(tenant, { pageSize: 1 })).entities as [Country];
    expect((await listOk(tenant, { filter: { _id: first._id } })).entities).toEqual([first]);
    expect((await listOk(a, { filter: { _id: first._id } })).totalCount).toBe(0);
    const ofA = await listOk(a, { pageSize: 100 });
    expect(ofA.entities.every((country) => !["US", "GB", "MX"].includes(country.code))).toBe(true);
  });

  it("offers page sizes 3, 5 and 10", async () => {
    for (const pageSize of [3, 5, 10]) {
      expect((await listOk(tenant, { pageSize })).entities).toHaveLength(pageSize);
    }
  });

  it.each([
    ["an unknown filter key", { filter: { name: "x" } }, "queryParams.filter"],
    ["an unknown sort field", { sortField: "status" }, "queryParams.sortField"],
    ["page size 0", { pageSize: 0 }, "queryParams.pageSize"],
    ["page size 101", { pageSize: 101 }, "queryParams.pageSize"],
    ["an id that is not an id", { filter: { _id: "42" } }, "queryParams.filter._id"],
  ])("answers 400 for %s", async (_, queryParams, field) => {
    const response = await call(tenant, "POST", "/api/reward/countries/pagination?group=false", {
      queryParams,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)[0]).toContain(field);
  });
});
