import { maxUploadBytes, messages } from "@rewards/contract";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActiveAdmin } from "../support/auth-helpers.ts";
import { type FilePart, multipartBody, tinyGif, tinyPng } from "../support/multipart.ts";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";

// Hostile files at every upload endpoint. The rule: a file is accepted only when its BYTES are one of
// the raster types, whatever its name or declared type; and whatever is accepted is served so that
// nothing in it can ever run (its own type, nosniff, a CSP sandbox with no sources).

const script = "<script>fetch('/api/profile/me').then(r=>r.text()).then(alert)</script>";
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(32),
]);

/** Files that must be refused, with the answer they get. */
const refused: [string, FilePart, number, string][] = [
  [
    "an SVG with a script",
    {
      filename: "logo.svg",
      contentType: "image/svg+xml",
      content: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${script}</svg>`),
    },
    400,
    messages.imageType,
  ],
  [
    "an SVG named and declared as a PNG",
    {
      filename: "logo.png",
      contentType: "image/png",
      content: Buffer.from(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">${script}</svg>`),
    },
    400,
    messages.imageType,
  ],
  [
    "an HTML page declared as a PNG",
    {
      filename: "logo.png",
      contentType: "image/png",
      content: Buffer.from(`<!doctype html><html>${script}</html>`),
    },
    400,
    messages.imageType,
  ],
  [
    "a script with an image extension",
    { filename: "logo.gif", contentType: "image/gif", content: Buffer.from("alert(document.cookie)//") },
    400,
    messages.imageType,
  ],
  [
    "an image of 2 MB and 1 byte",
    {
      filename: "huge.png",
      contentType: "image/png",
      content: Buffer.concat([tinyPng, Buffer.alloc(maxUploadBytes + 1 - tinyPng.length)]),
    },
    413,
    messages.imageTooLarge,
  ],
];

/** Files whose bytes are a real image, carrying something else: accepted, and served inert. */
const acceptedInert: [string, FilePart, string][] = [
  [
    "a GIF/HTML polyglot",
    {
      filename: "polyglot.gif",
      contentType: "image/gif",
      content: Buffer.concat([tinyGif, Buffer.from(`<html>${script}</html>`)]),
    },
    "image/gif",
  ],
  [
    "a PNG/JavaScript polyglot",
    {
      filename: "polyglot.png",
      contentType: "image/png",
      content: Buffer.concat([tinyPng, Buffer.from(`/*/alert(1)//${script}`)]),
    },
    "image/png",
  ],
  [
    "a path traversal file name",
    { filename: "../../../../etc/passwd.png", contentType: "image/png", content: tinyPng },
    "image/png",
  ],
  [
    "a double extension declared as HTML",
    { filename: "logo.png.html", contentType: "text/html", content: tinyPng },
    "image/png",
  ],
  [
    "a JPEG declared as a PNG",
    { filename: "photo.png", contentType: "image/png", content: jpeg },
    "image/jpeg",
  ],
];

let t: TestApp;
let a: Tenant;
let settingId: string;
let countryId: string;
let rewardId: string;
let extraAdmins = 0;

const identity = {
  appName: "Upload Attacks",
  moto: "Nothing runs",
  domain: "attacks.example",
  sharingDomain: "share.attacks.example",
  endpoint: "https://api.attacks.example",
};

function sendForm(
  headers: Record<string, string>,
  method: "POST" | "PUT",
  url: string,
  fields: Record<string, string>,
  files: Record<string, FilePart>,
) {
  const body = multipartBody(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...headers } });
}

type Endpoint = {
  send: (file: FilePart) => Promise<LightMyRequestResponse>;
  /** The address the answer gives the stored file. */
  imageUrl: (answer: Record<string, unknown>) => unknown;
};

/** Every endpoint that takes a file (identity logo and favicon, reward icon; create and edit). */
const endpoints: Record<string, Endpoint> = {
  "POST /api/setting/ (logo)": {
    // Each administrator has one identity record: a fresh account per accepted create.
    send: async (file) => {
      const admin = await createActiveAdmin(t.app, a.token, `uploader${++extraAdmins}@attacks.test`);
      return sendForm({ authorization: `Bearer ${admin.token}` }, "POST", "/api/setting/", identity, {
        logo: file,
        favicon: { filename: "favicon.gif", contentType: "image/gif", content: tinyGif },
      });
    },
    imageUrl: (answer) => (answer.setting as { logo?: unknown })?.logo,
  },
  "PUT /api/setting/{id} (favicon)": {
    send: (file) => sendForm(a.headers, "PUT", `/api/setting/${settingId}`, identity, { favicon: file }),
    imageUrl: (answer) => answer.favicon,
  },
  "POST /api/reward/rewards/add/{countryId} (icon)": {
    send: (file) =>
      sendForm(
        a.headers,
        "POST",
        `/api/reward/rewards/add/${countryId}`,
        { name: "Attack Card", order: "1" },
        { file },
      ),
    imageUrl: (answer) => (answer.reward as { iconUrl?: unknown })?.iconUrl,
  },
  "PUT /api/reward/rewards/{id} (icon)": {
    send: (file) =>
      sendForm(
        a.headers,
        "PUT",
        `/api/reward/rewards/${rewardId}`,
        { name: "Attack Card", order: "2" },
        { file },
      ),
    imageUrl: (answer) => answer.iconUrl,
  },
};

beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a } = await twoTenants(t.app));
  const setting = await sendForm(a.headers, "POST", "/api/setting/", identity, {
    logo: { filename: "logo.png", contentType: "image/png", content: tinyPng },
    favicon: { filename: "favicon.gif", contentType: "image/gif", content: tinyGif },
  });
  expect(setting.statusCode, setting.body).toBe(200);
  settingId = setting.json().setting._id;
  const country = await t.app.inject({
    method: "POST",
    url: "/api/reward/countries",
    headers: a.headers,
    payload: { code: "DE", priority: 1 },
  });
  countryId = country.json().country._id;
  const reward = await endpoints["POST /api/reward/rewards/add/{countryId} (icon)"]?.send({
    filename: "icon.png",
    contentType: "image/png",
    content: tinyPng,
  });
  expect(reward?.statusCode, reward?.body).toBe(200);
  rewardId = reward?.json().reward._id;
});
afterAll(() => t.close());

describe.each(Object.entries(endpoints))("%s", (_, endpoint) => {
  it.each(refused)("refuses %s", async (_name, file, status, message) => {
    const response = await endpoint.send(file);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, message });
  });

  it.each(acceptedInert)("stores %s by its bytes, and serves it inert", async (_name, file, servedType) => {
    const response = await endpoint.send(file);
    expect(response.statusCode, response.body).toBe(200);
    // The stored file is known by a random id only: its name is used nowhere.
    const url = endpoint.imageUrl(response.json());
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    expect(response.body).not.toContain(file.filename);

    const served = await t.app.inject({ method: "GET", url: String(url) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(file.content)).toBe(true);
    expect(served.headers["content-type"]).toBe(servedType);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(served.headers["content-disposition"]).toBe("inline");
  });
});

describe("GET /uploads/{id}", () => {
  it.each([
    "/uploads/..%2F..%2Fpackage.json",
    "/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/uploads/../../etc/passwd",
    "/uploads/logo.png",
  ])("answers 404 with the error shape for %s", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });
});
