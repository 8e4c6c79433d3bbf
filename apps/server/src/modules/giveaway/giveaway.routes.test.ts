import type { Giveaway } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
});
afterAll(() => t.close());

const giveawayCard = {
  giveawayTitle: "Summer draw",
  giveawayDescription: "Win a gift card",
  giveawayStatus: 1,
};
const winnerCard = {
  winnerTitle: "We have winners",
  winnerDescription: "Congratulations to Ann",
  winnerStatus: 1,
};

const send = (tenant: Tenant | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: tenant?.headers ?? {}, ...(payload ? { payload } : {}) });

describe("giveaway", () => {
  it("reads empty cards without _id before the first save", async () => {
    const response = await send(b, "GET", `/api/giveaway/${b.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ adminId: b.id, giveawayTitle: "", winnerStatus: 0 });
    expect(response.json()._id).toBeUndefined();
  });

  it("creates with one card, then updates the other card and keeps the first", async () => {
    const created = await send(a, "POST", "/api/giveaway/", { ...giveawayCard, adminId: b.id });
    expect(created.statusCode, created.body).toBe(200);
    const giveaway = created.json<{ giveaway: Giveaway }>().giveaway;
    // A body adminId is ignored: the record is the caller's.
    expect(giveaway).toMatchObject({ ...giveawayCard, adminId: a.id, winnerTitle: "" });

    const updated = await send(a, "PUT", `/api/giveaway/${giveaway._id}`, winnerCard);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ ...giveawayCard, ...winnerCard, _id: giveaway._id });

    const read = await send(a, "GET", `/api/giveaway/${a.id}`);
    expect(read.json()).toMatchObject({ ...giveawayCard, ...winnerCard, _id: giveaway._id });
    expect((await send(b, "GET", `/api/giveaway/${b.id}`)).json()._id).toBeUndefined();
  });

  it("answers 409 to a second create", async () => {
    const again = await send(a, "POST", "/api/giveaway/", giveawayCard);
    expect(again.statusCode).toBe(409);
  });

  it.each([
    ["a short title", { ...giveawayCard, giveawayTitle: "ab" }, { giveawayTitle: "Minimum 3 symbols" }],
    [
      "a long title",
      { ...giveawayCard, giveawayTitle: "x".repeat(51) },
      { giveawayTitle: "Maximum 50 symbols" },
    ],
    ["an empty title", { ...giveawayCard, giveawayTitle: " " }, { giveawayTitle: "Title is required" }],
    [
      "an empty description",
      { ...giveawayCard, giveawayDescription: "" },
      { giveawayDescription: "Description is required" },
    ],
    [
      "a long description",
      { ...giveawayCard, giveawayDescription: "x".repeat(401) },
      { giveawayDescription: "Maximum 400 symbols" },
    ],
    ["a status of 2", { ...giveawayCard, giveawayStatus: 2 }, { giveawayStatus: "Must be 0 or 1" }],
    ["a half card", { winnerTitle: "Winners" }, { winnerDescription: "Description is required" }],
    ["a short winner title", { ...winnerCard, winnerTitle: "ab" }, { winnerTitle: "Minimum 3 symbols" }],
  ])("refuses %s with the form's message", async (_, payload, fieldErrors) => {
    const response = await send(a, "POST", "/api/giveaway/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 401 without a token", async () => {
    expect((await send(null, "GET", `/api/giveaway/${a.id}`)).statusCode).toBe(401);
    expect((await send(null, "POST", "/api/giveaway/", giveawayCard)).statusCode).toBe(401);
  });

  it("answers 403 for another administrator's id and 404 for another tenant's record", async () => {
    const forbidden = await send(b, "GET", `/api/giveaway/${a.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("You are not allowed to do this.");
    const ofA = (await send(a, "GET", `/api/giveaway/${a.id}`)).json<Giveaway>();
    expect((await send(b, "PUT", `/api/giveaway/${ofA._id}`, winnerCard)).statusCode).toBe(404);
    expect((await send(a, "GET", `/api/giveaway/${a.id}`)).json()).toMatchObject(winnerCard);
  });
});
