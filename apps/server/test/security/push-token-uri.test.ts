import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { messages } from "@rewards/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushConfigs } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";
import { serviceAccountJson, testKeyPair } from "../support/fcm-sink.ts";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// The server POSTs a signed assertion to the service-account key's token_uri, and an administrator
// supplies the key: pointed at an internal address, that is server-side request forgery. Only Google's
// OAuth hosts over https are allowed, plus the one origin FCM_TOKEN_ORIGIN names.
const keys = testKeyPair();
const clientEmail = "push@rewards-ssrf.iam.gserviceaccount.com";
const keyWith = (tokenUri: string) =>
  serviceAccountJson({ privateKeyPem: keys.privateKeyPem, clientEmail, tokenUri });

/** A local server standing for an internal service: it counts every request that reaches it. */
async function startCounter(handler?: (url: string) => { status: number; location?: string }) {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    const answer = handler?.(request.url ?? "") ?? { status: 200 };
    response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
    response.end(JSON.stringify({ access_token: "stolen" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let internal: Awaited<ReturnType<typeof startCounter>>;
let redirector: Awaited<ReturnType<typeof startCounter>>;
let t: TestApp;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  internal = await startCounter();
  redirector = await startCounter(() => ({ status: 307, location: `${internal.origin}/token` }));
  // The allowed extra origin is the redirector: a redirect must not lead past the check.
  t = await startTestApp({ outbox: false, env: { FCM_TOKEN_ORIGIN: redirector.origin } });
  ({ a, b } = await twoTenants(t.app));
});
afterAll(async () => {
  await t.close();
  await internal.close();
  await redirector.close();
});

const savePush = (tenant: Tenant, tokenUri: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/setting/push/",
    headers: tenant.headers,
    payload: { serviceAccountKey: keyWith(tokenUri) },
  });
const push = (tenant: Tenant) =>
  t.app.inject({
    method: "POST",
    url: "/api/notification/",
    headers: tenant.headers,
    payload: { title: "Hello", body: "SSRF test" },
  });

describe("saving a push key", () => {
  it.each([
    ["an internal address", () => `${internal.origin}/token`],
    [
      "the cloud metadata address",
      () => "http://169.254.169.254/computeMetadata/v1/instance/service-accounts/default/token",
    ],
    ["Google's host over plain http", () => "http://oauth2.googleapis.com/token"],
    ["a look-alike host", () => "https://oauth2.googleapis.com.evil.example/token"],
    ["Google's host with credentials", () => "https://user:secret@oauth2.googleapis.com/token"],
    ["Google's host on another port", () => "https://oauth2.googleapis.com:8443/token"],
  ])("refuses a token_uri at %s with 400", async (_, tokenUri) => {
    const response = await savePush(a, tokenUri());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: messages.serviceAccountTokenUri,
      fieldErrors: { serviceAccountKey: messages.serviceAccountTokenUri },
    });
    expect(internal.hits).toEqual([]);
  });

  it("refuses a token_uri that is not an http address at all (the contract's check)", async () => {
    const response = await savePush(a, "file:///etc/passwd");
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      serviceAccountKey: messages.serviceAccountField("token_uri"),
    });
    expect(internal.hits).toEqual([]);
  });

  it("accepts Google's OAuth addresses, and the origin FCM_TOKEN_ORIGIN names", async () => {
    const google = await savePush(a, "https://oauth2.googleapis.com/token");
    expect(google.statusCode, google.body).toBe(200);
    const id = google.json().pushconfig._id;
    for (const tokenUri of ["https://accounts.google.com/o/oauth2/token", `${redirector.origin}/token`]) {
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/setting/push/${id}`,
        headers: a.headers,
        payload: { serviceAccountKey: keyWith(tokenUri) },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});

describe("sending a push", () => {
  it("refuses (400) a key stored before the check that points inside, and calls nothing", async () => {
    await t.db.insert(pushConfigs).values({
      id: newId(),
      adminId: b.id,
      projectId: "rewards-test",
      clientEmail,
      serviceAccountKey: keyWith(`${internal.origin}/token`),
    });
    const response = await push(b);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(messages.serviceAccountTokenUri);
    expect(internal.hits).toEqual([]);
  });

  it("does not follow the allowed token address's redirect to an internal one (502)", async () => {
    // Tenant a's key now names the redirector (the last save above).
    const response = await push(a);
    expect(response.statusCode, response.body).toBe(502);
    expect(redirector.hits).toEqual(["POST /token"]);
    expect(internal.hits).toEqual([]);
  });
});
