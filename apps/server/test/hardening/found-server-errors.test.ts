import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, png } from "../support/multipart.ts";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { postbackKeyOf } from "./support/id-sources.ts";

/** Each 5xx the no-5xx suite found, pinned as the request that caused it: now a 4xx. */
let t: TestApp;
let a: Tenant;
let countryId: string;
let rewardId: string;
beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
  const country = await t.app.inject({
    method: "POST",
    url: "/api/reward/countries",
    headers: a.headers,
    payload: { code: "US", priority: 1 },
  });
  expect(country.statusCode, country.body).toBe(200);
  countryId = country.json<{ country: { _id: string } }>().country._id;
  const form = multipartBody({ name: "Amazon", order: "1" }, { file: png() });
  const reward = await t.app.inject({
    method: "POST",
    url: `/api/reward/rewards/add/${countryId}`,
    headers: { ...a.headers, ...form.headers },
    payload: form.payload,
  });
  expect(reward.statusCode, reward.body).toBe(200);
  rewardId = reward.json<{ reward: { _id: string } }>().reward._id;
});
afterAll(() => t.close());

describe("malformed multipart forms answer 400, not 500", () => {
  const malformed = [
    ["without a boundary", "multipart/form-data", "--x\r\n"],
    [
      "cut short",
      "multipart/form-data; boundary=cut",
      '--cut\r\nContent-Disposition: form-data; name="name"\r\n\r\nab',
    ],
  ] as const;

  it.each(malformed)("adding a reward, a form %s", async (_, contentType, payload) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/reward/rewards/add/${countryId}`,
      headers: { ...a.headers, "content-type": contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
  });

  it.each(malformed)("editing a reward, a form %s", async (_, contentType, payload) => {
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/reward/rewards/${rewardId}`,
      headers: { ...a.headers, "content-type": contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe("a NUL character (U+0000), which PostgreSQL cannot store", () => {
  it("in a postback's JSON body is logged (as U+FFFD) and answered 0, not 500", async () => {
    const key = await postbackKeyOf(t.db, a.id);
    const response = await t.app.inject({
      method: "POST",
      url: `/postback/${key}/hangmyads`,
      headers: { "content-type": "application/json" },
      payload: '{"name":"a\\u0000b","title":"\\u0000"}',
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.body).toBe("0");
    const log = await t.app.inject({
      method: "POST",
      url: "/api/postbacks",
      headers: a.headers,
      payload: { queryParams: {} },
    });
    const [entry] = log.json<{ entities: { _id: string }[] }>().entities;
    const details = await t.app.inject({
      method: "GET",
      url: `/api/postbacks/${entry?._id}`,
      headers: a.headers,
    });
    expect(details.json().body).toEqual({ name: "a\uFFFDb", title: "\uFFFD" });
  });

  it("in a postback's query is logged and answered 0, not 500", async () => {
    const key = await postbackKeyOf(t.db, a.id);
    const response = await t.app.inject({ method: "GET", url: `/postback/${key}/ogads?tx%00=a%00b` });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.body).toBe("0");
  });

  it("in a text field of the API answers 400", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/giveaway/",
      headers: a.headers,
      payload: {
        giveawayTitle: "Summer\u0000draw",
        giveawayDescription: "Win a gift card",
        giveawayStatus: 1,
        winnerTitle: "We have winners",
        winnerDescription: "Congratulations",
        winnerStatus: 1,
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message: "A value is not valid for its field" });
  });
});
