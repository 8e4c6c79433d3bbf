import type { GeneralConfig, MailConfig, SocialConfig } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailgunSink, startMailgunSink } from "../../../test/support/mailgun-sink.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { mailConfigs, socialConfigs } from "../../db/schema/index.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let mailgun: MailgunSink;
beforeAll(async () => {
  mailgun = await startMailgunSink();
  t = await startTestApp({ env: { MAILGUN_BASE_URL: mailgun.baseUrl } });
  ({ a, b } = await twoTenants(t.app));
});
afterAll(async () => {
  await t.close();
  await mailgun.close();
});

const send = (tenant: Tenant | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: tenant?.headers ?? {}, ...(payload ? { payload } : {}) });

describe("social configs", () => {
  const facebook = {
    name: "facebook",
    appId: "fb-app-1",
    appSecret: "facebook-secret-wxyz",
    appPage: "https://facebook.com/cashquest",
    shareText: "Earn with me",
  };

  it("creates, masks the secret, keeps it on a masked save and replaces it otherwise", async () => {
    const created = await send(a, "POST", "/api/setting/social/", { ...facebook, adminId: b.id });
    expect(created.statusCode, created.body).toBe(200);
    const config = created.json<{ socialconfig: SocialConfig }>().socialconfig;
    expect(config).toMatchObject({ ...facebook, appSecret: "••••wxyz", adminId: a.id });
    const read = await send(a, "GET", `/api/setting/social/${a.id}/facebook`);
    expect(read.json()).toMatchObject({ _id: config._id, appSecret: "••••wxyz" });
    expect(read.body).not.toContain("facebook-secret");

    const kept = await send(a, "PUT", `/api/setting/social/${config._id}`, {
      ...config,
      shareText: "Join me",
    });
    expect(kept.json()).toMatchObject({ shareText: "Join me", appSecret: "••••wxyz" });
    const [row] = await t.db
      .select()
      .from(socialConfigs)
      .where(eq(socialConfigs.id, config._id ?? ""));
    expect(row?.appSecret).toBe(facebook.appSecret);
    await send(a, "PUT", `/api/setting/social/${config._id}`, {
      ...config,
      appSecret: "another-secret-1234",
    });
    const [after] = await t.db
      .select()
      .from(socialConfigs)
      .where(eq(socialConfigs.id, config._id ?? ""));
    expect(after?.appSecret).toBe("another-secret-1234");
  });

  it("keeps Google and Twitter apart, each with its own fields", async () => {
    const google = await send(a, "POST", "/api/setting/social/", {
      name: "google",
      appId: "client.apps",
      appSecret: "gsecret",
    });
    expect(google.statusCode, google.body).toBe(200);
    const twitter = await send(a, "POST", "/api/setting/social/", {
      name: "twitter",
      appId: "ignored",
      appPage: "https://x.com/cashquest",
      shareText: "Tweet",
    });
    expect(twitter.json().socialconfig).toMatchObject({ appId: "", appPage: "https://x.com/cashquest" });
    expect((await send(a, "GET", `/api/setting/social/${a.id}/google`)).json().appId).toBe("client.apps");
  });

  it.each([
    ["a short Facebook secret", { ...facebook, appSecret: "ab" }, { appSecret: "Minimum 3 symbols" }],
    ["a long Facebook app id", { ...facebook, appId: "x".repeat(51) }, { appId: "Maximum 50 symbols" }],
    ["no Facebook page", { ...facebook, appPage: "" }, { appPage: "Required field" }],
    ["no Google client id", { name: "google", appId: "", appSecret: "abc" }, { appId: "Required field" }],
    ["no Twitter share text", { name: "twitter", appPage: "p" }, { shareText: "Required field" }],
  ])("refuses %s", async (_, payload, fieldErrors) => {
    const response = await send(b, "POST", "/api/setting/social/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 401, 403, 404 for an unknown name and for another tenant's record", async () => {
    expect((await send(null, "GET", `/api/setting/social/${a.id}/facebook`)).statusCode).toBe(401);
    expect((await send(b, "GET", `/api/setting/social/${a.id}/facebook`)).statusCode).toBe(403);
    expect((await send(a, "GET", `/api/setting/social/${a.id}/myspace`)).statusCode).toBe(404);
    const ofA = (await send(a, "GET", `/api/setting/social/${a.id}/facebook`)).json<SocialConfig>();
    expect((await send(b, "PUT", `/api/setting/social/${ofA._id}`, facebook)).statusCode).toBe(404);
  });
});

describe("Mailgun config", () => {
  const mail = {
    mailgunDomain: "mg.cashquest.example",
    apiKey: "key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
    fromEmail: "rewards@cashquest.example",
    supportEmail: "help@cashquest.example",
  };

  it("answers 400 for a test e-mail before a config is saved", async () => {
    const response = await send(a, "POST", "/api/setting/mailgun/test", { to: "ann@example.com" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Mail sending is not configured");
  });

  it("creates, masks the key, keeps it on a masked save", async () => {
    const created = await send(a, "POST", "/api/setting/mailgun/", mail);
    expect(created.statusCode, created.body).toBe(200);
    const config = created.json<{ mailconfig: MailConfig }>().mailconfig;
    expect(config).toMatchObject({ ...mail, apiKey: "••••eol0", adminId: a.id });
    const updated = await send(a, "PUT", `/api/setting/mailgun/${config._id}`, {
      ...config,
      fromEmail: "win@cashquest.example",
    });
    expect(updated.json()).toMatchObject({ fromEmail: "win@cashquest.example", apiKey: "••••eol0" });
    expect((await send(a, "GET", `/api/setting/mailgun/${a.id}`)).body).not.toContain(mail.apiKey);
    const [row] = await t.db
      .select()
      .from(mailConfigs)
      .where(eq(mailConfigs.id, config._id ?? ""));
    expect(row?.apiKey).toBe(mail.apiKey);
  });

  it("sends a real test message through the saved config", async () => {
    const response = await send(a, "POST", "/api/setting/mailgun/test", { to: "ann@example.com" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe("A test e-mail was sent to ann@example.com");
    const received = await mailgun.waitFor("ann@example.com");
    expect(received).toMatchObject({ domain: mail.mailgunDomain, apiKey: mail.apiKey });
    expect(received.fields.from).toBe("win@cashquest.example");
  });

  it("reports Mailgun refusing the message as 502", async () => {
    mailgun.failNext(401);
    const response = await send(a, "POST", "/api/setting/mailgun/test", { to: "bob@example.com" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Mailgun did not accept the message: .*401/);
  });

  it.each([
    ["no domain", { ...mail, mailgunDomain: "" }, { mailgunDomain: "Required field" }],
    ["a short key", { ...mail, apiKey: "ab" }, { apiKey: "Minimum 3 symbols" }],
    ["a bad sender", { ...mail, fromEmail: "nope" }, { fromEmail: "Invalid email format" }],
    ["a bad support address", { ...mail, supportEmail: "a@" }, { supportEmail: "Invalid email format" }],
  ])("refuses %s", async (_, payload, fieldErrors) => {
    const response = await send(b, "POST", "/api/setting/mailgun/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 401, 403 and 404 for another tenant's record", async () => {
    expect((await send(null, "GET", `/api/setting/mailgun/${a.id}`)).statusCode).toBe(401);
    expect((await send(b, "GET", `/api/setting/mailgun/${a.id}`)).statusCode).toBe(403);
    const ofA = (await send(a, "GET", `/api/setting/mailgun/${a.id}`)).json<MailConfig>();
    expect((await send(b, "PUT", `/api/setting/mailgun/${ofA._id}`, mail)).statusCode).toBe(404);
    expect((await send(b, "POST", "/api/setting/mailgun/test", { to: "x@example.com" })).statusCode).toBe(
      400,
    );
  });
});

describe("General config", () => {
  const rules = { refPercent: 30, ratio: 500, fbLike: 5, fbShare: 15, twShare: 25 };

  it("answers the defaults before the first save, then creates and updates", async () => {
    const first = await send(a, "GET", `/api/setting/settingconfig/${a.id}`);
    expect(first.json()).toMatchObject({ refPercent: 25, ratio: 1000, fbLike: 10, fbShare: 20, twShare: 20 });
    expect(first.json()._id).toBeUndefined();
    const created = await send(a, "POST", "/api/setting/settingconfig", rules);
    expect(created.statusCode, created.body).toBe(200);
    const config = created.json<{ settingconfig: GeneralConfig }>().settingconfig;
    expect(config).toMatchObject(rules);
    const updated = await send(a, "PUT", `/api/setting/settingconfig/${config._id}`, {
      ...rules,
      ratio: 100_000,
    });
    expect(updated.json().ratio).toBe(100_000);
    expect((await send(a, "POST", "/api/setting/settingconfig", rules)).statusCode).toBe(409);
  });

  it.each([
    ["refPercent 0", { ...rules, refPercent: 0 }, { refPercent: "Minimum 1" }],
    ["refPercent 101", { ...rules, refPercent: 101 }, { refPercent: "Maximum 100" }],
    ["ratio 99", { ...rules, ratio: 99 }, { ratio: "Minimum 100" }],
    ["ratio 100001", { ...rules, ratio: 100_001 }, { ratio: "Maximum 100000" }],
    ["fbLike 0", { ...rules, fbLike: 0 }, { fbLike: "Minimum 1" }],
    ["fbShare 100001", { ...rules, fbShare: 100_001 }, { fbShare: "Maximum 100000" }],
    ["no twShare", { ...rules, twShare: "" }, { twShare: "Required field" }],
    ["a fraction", { ...rules, ratio: 10.5 }, { ratio: "Must be a whole number" }],
  ])("refuses %s", async (_, payload, fieldErrors) => {
    const response = await send(b, "POST", "/api/setting/settingconfig", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 401, 403 and 404 for another tenant's record", async () => {
    expect((await send(null, "GET", `/api/setting/settingconfig/${a.id}`)).statusCode).toBe(401);
    expect((await send(b, "GET", `/api/setting/settingconfig/${a.id}`)).statusCode).toBe(403);
    const ofA = (await send(a, "GET", `/api/setting/settingconfig/${a.id}`)).json<GeneralConfig>();
    expect((await send(b, "PUT", `/api/setting/settingconfig/${ofA._id}`, rules)).statusCode).toBe(404);
  });
});
