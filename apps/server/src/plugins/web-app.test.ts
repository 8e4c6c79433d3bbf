import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTestDatabase } from "../../test/support/test-database.ts";
import { buildApp, compressAbove } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { seedDemoData } from "../seed/demo-data.ts";

let root: string;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const script = `console.log(${JSON.stringify("x".repeat(20_000))});`;
const precompressed = (encoding: string) => `/* the build's ${encoding} copy */ ${script}`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "rewards-web-"));
  await mkdir(join(root, "assets"));
  await writeFile(join(root, "index.html"), '<!doctype html><div id="root"></div>');
  await writeFile(join(root, "assets", "app-abc123.js"), script);
  // The build's compressed copies; their text differs from the file's, to tell them from compression on
  // the fly.
  await writeFile(join(root, "assets", "app-def456.js"), script);
  await writeFile(join(root, "assets", "app-def456.js.br"), brotliCompressSync(precompressed("br")));
  await writeFile(join(root, "assets", "app-def456.js.gz"), gzipSync(precompressed("gzip")));
  database = await openTestDatabase();
  app = await buildApp({
    db: database.db,
    config: loadConfig({}),
    jwtSecret: "web-app-test-secret-web-app-test-secret-0123",
    webRoot: root,
    outbox: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(root, { recursive: true, force: true });
});

it("serves hashed assets compressed, with long-lived caching", async () => {
  const response = await app.inject({
    method: "GET",
    url: "/assets/app-abc123.js",
    headers: { "accept-encoding": "gzip" },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-encoding"]).toBe("gzip");
  expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  expect(response.rawPayload.length).toBeLessThan(script.length / 10);
});

it("sends the build's brotli or gzip copy as it is, with long-lived caching, and the file to others", async () => {
  const asset = (acceptEncoding?: string) =>
    app.inject({
      method: "GET",
      url: "/assets/app-def456.js",
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });
  const brotli = await asset("gzip, deflate, br");
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers.vary).toContain("accept-encoding");
  expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(precompressed("br"));
  const gzip = await asset("gzip");
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(precompressed("gzip"));
  const plain = await asset();
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.body).toBe(script);
});

it("answers deep links with index.html, not cached, and keeps JSON 404s for API paths", async () => {
  const deepLink = await app.inject({ method: "GET", url: "/dash/customers/123/details?page=2" });
  expect(deepLink.statusCode).toBe(200);
  expect(deepLink.headers["content-type"]).toContain("text/html");
  expect(deepLink.headers["cache-control"]).toBe("no-cache");
  expect(deepLink.body).toContain('<div id="root">');
  for (const url of ["/api/nothing", "/postback/key/unknown-network", "/uploads/not-an-id", "/healthz/x"]) {
    const response = await app.inject({ method: "GET", url });
    expect(response.headers["content-type"], url).not.toContain("text/html");
    expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, url).toBeLessThan(500);
  }
});

it("compresses API answers bigger than a connection's first flight, and sends smaller ones as they are", async () => {
  const password = "Compressed-Answers-2026";
  const registered = await app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: { fullName: "Web Owner", username: "web@owner.test", password, confirmPassword: password },
  });
  const token = registered.json<{ accessToken: string }>().accessToken;
  const profile = await app.inject({
    method: "GET",
    url: "/api/profile/me",
    headers: { authorization: `Bearer ${token}` },
  });
  await seedDemoData(database.db, profile.json<{ _id: string }>()._id, { users: 60, offers: 20, redeems: 0 });
  const page = (pageSize: number) =>
    app.inject({
      method: "POST",
      url: "/api/users",
      headers: { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip" },
      payload: { queryParams: { pageSize } },
    });
  const long = await page(60);
  expect(long.statusCode).toBe(200);
  expect(long.headers["content-encoding"]).toBe("br");
  const text = brotliDecompressSync(long.rawPayload).toString();
  expect(text.length).toBeGreaterThan(compressAbove);
  expect(JSON.parse(text).entities).toHaveLength(60);
  // A 10-row page arrives in one round trip compressed or not: compressing it only cost CPU.
  const short = await page(10);
  expect(short.statusCode).toBe(200);
  expect(short.headers["content-encoding"]).toBeUndefined();
  expect(short.rawPayload.length).toBeGreaterThan(1024);
  expect(short.json().entities).toHaveLength(10);
});
