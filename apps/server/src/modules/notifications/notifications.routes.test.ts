import type { Notification, NotificationListAnswer, PushConfig } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FcmSink,
  serviceAccountJson,
  startFcmSink,
  testKeyPair,
} from "../../../test/support/fcm-sink.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { pushConfigs } from "../../db/schema/index.ts";

const clientEmail = "push@rewards-test.iam.gserviceaccount.com";
const keys = testKeyPair();

let t: TestApp;
let a: Tenant;
let b: Tenant;
let fcm: FcmSink;
let keyJson: string;
beforeAll(async () => {
  fcm = await startFcmSink({ publicKey: keys.publicKey, clientEmail });
  keyJson = serviceAccountJson({ privateKeyPem: keys.privateKeyPem, clientEmail, tokenUri: fcm.tokenUri });
  t = await startTestApp({ env: { FCM_BASE_URL: fcm.baseUrl, FCM_TOKEN_ORIGIN: fcm.baseUrl } });
  ({ a, b } = await twoTenants(t.app));
});
afterAll(async () => {
  await t.close();
  await fcm.close();
});

const send = (tenant: Tenant | null, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: tenant?.headers ?? {}, ...(payload ? { payload } : {}) });

describe("Push config", () => {
  it("refuses a key without a usable private key and each missing field", async () => {
    const key = JSON.parse(serviceAccountJson({ privateKeyPem: "x", clientEmail, tokenUri: fcm.tokenUri }));
    const badKey = await send(b, "POST", "/api/setting/push/", { serviceAccountKey: JSON.stringify(key) });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().fieldErrors.serviceAccountKey).toBe(
      "The service account key's private_key is not a valid private key",
    );
    for (const field of ["client_email", "private_key", "project_id", "token_uri"]) {
      const { [field]: _, ...rest } = JSON.parse(keyJson);
      const response = await send(b, "POST", "/api/setting/push/", {
        serviceAccountKey: JSON.stringify(rest),
      });
      expect(response.json().fieldErrors).toEqual({
        serviceAccountKey: `The service account key has no valid ${field}`,
      });
    }
    const notJson = await send(b, "POST", "/api/setting/push/", { serviceAccountKey: "{not json" });
    expect(notJson.json().fieldErrors.serviceAccountKey).toBe(
      "Paste the service account key file (JSON) from Firebase",
    );
    const masked = await send(b, "POST", "/api/setting/push/", { serviceAccountKey: "••••7a3c" });
    expect(masked.statusCode).toBe(400);
  });

  it("stores the key, answers it masked, and keeps it on a masked save", async () => {
    const created = await send(a, "POST", "/api/setting/push/", {
      serviceAccountKey: keyJson,
      adminId: b.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const config = created.json<{ pushconfig: PushConfig }>().pushconfig;
    expect(config).toMatchObject({
      adminId: a.id,
      projectId: "rewards-test",
      clientEmail,
      serviceAccountKey: "••••7a3c",
    });
    expect(created.body).not.toContain("PRIVATE KEY");
    const read = await send(a, "GET", `/api/setting/push/${a.id}`);
    expect(read.json().serviceAccountKey).toBe("••••7a3c");
    expect(read.body).not.toContain("PRIVATE KEY");
    const kept = await send(a, "PUT", `/api/setting/push/${config._id}`, { serviceAccountKey: "••••7a3c" });
    expect(kept.statusCode, kept.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(pushConfigs)
      .where(eq(pushConfigs.id, config._id ?? ""));
    expect(row?.serviceAccountKey).toBe(keyJson);
  });

  it("answers 401, 403 and 404 for another tenant's record", async () => {
    expect((await send(null, "GET", `/api/setting/push/${a.id}`)).statusCode).toBe(401);
    expect((await send(b, "GET", `/api/setting/push/${a.id}`)).statusCode).toBe(403);
    const ofA = (await send(a, "GET", `/api/setting/push/${a.id}`)).json<PushConfig>();
    expect(
      (await send(b, "PUT", `/api/setting/push/${ofA._id}`, { serviceAccountKey: keyJson })).statusCode,
    ).toBe(404);
  });
});

describe("POST /api/notification/", () => {
  const push = { title: "Double points", body: "Every offer pays double today" };

  it("answers 400 without a Push config", async () => {
    const response = await send(b, "POST", "/api/notification/", push);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Push notifications are not configured");
  });

  it("signs in with the service account and sends one message to the topic all", async () => {
    const response = await send(a, "POST", "/api/notification/", { ...push, adminId: b.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ notification: Notification }>().notification).toMatchObject({
      notificationTitle: push.title,
      notificationBody: push.body,
      status: "sent",
      error: null,
    });
    expect(fcm.received).toEqual([{ project: "rewards-test", topic: "all", ...push }]);
    expect(fcm.tokenRequests.at(-1)).toMatchObject({
      iss: clientEmail,
      aud: fcm.tokenUri,
      scope: "https://www.googleapis.com/auth/firebase.messaging",
    });
  });

  it("answers 502 when FCM refuses, and records the failure", async () => {
    fcm.failNext(503);
    const response = await send(a, "POST", "/api/notification/", { title: "Second", body: "Will fail" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Firebase did not accept the notification: .*503/);
  });

  it("answers 502 when the token service refuses a key signed by someone else", async () => {
    const other = testKeyPair();
    const forged = serviceAccountJson({
      privateKeyPem: other.privateKeyPem,
      clientEmail,
      tokenUri: fcm.tokenUri,
    });
    const config = (await send(a, "GET", `/api/setting/push/${a.id}`)).json<PushConfig>();
    await send(a, "PUT", `/api/setting/push/${config._id}`, { serviceAccountKey: forged });
    const response = await send(a, "POST", "/api/notification/", { title: "Third", body: "Bad key" });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/token service answered 400/);
    await send(a, "PUT", `/api/setting/push/${config._id}`, { serviceAccountKey: keyJson });
    expect(fcm.received).toHaveLength(1);
  });

  it("lists what was sent, newest first, with the outcome", async () => {
    const response = await send(a, "GET", "/api/notification?pageNumber=1&pageSize=2");
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<NotificationListAnswer>();
    expect(page.totalCount).toBe(3);
    expect(page.entities.map((n) => [n.notificationTitle, n.status])).toEqual([
      ["Third", "failed"],
      ["Second", "failed"],
    ]);
    expect((await send(b, "GET", "/api/notification")).json().totalCount).toBe(0);
    expect((await send(a, "GET", "/api/notification?pageSize=101")).statusCode).toBe(400);
  });

  it.each([
    ["a short title", { ...push, title: "ab" }, { title: "Minimum 3 symbols" }],
    ["a long title", { ...push, title: "x".repeat(51) }, { title: "Maximum 50 symbols" }],
    ["no title", { ...push, title: "" }, { title: "Title is required" }],
    ["a short body", { ...push, body: "ab" }, { body: "Minimum 3 symbols" }],
    ["a long body", { ...push, body: "x".repeat(401) }, { body: "Maximum 400 symbols" }],
  ])("refuses %s", async (_, payload, fieldErrors) => {
    const response = await send(a, "POST", "/api/notification/", payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 401 without a token", async () => {
    expect((await send(null, "POST", "/api/notification/", push)).statusCode).toBe(401);
    expect((await send(null, "GET", "/api/notification")).statusCode).toBe(401);
  });
});
