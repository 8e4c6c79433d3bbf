import { type AppSetting, maxUploadBytes } from "@rewards/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, png, tinyGif, tinyPng } from "../../../test/support/multipart.ts";
import { type Tenant, twoTenants } from "../../../test/support/tenants.ts";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { uploads } from "../../db/schema/index.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await startTestApp();
  ({ a, b } = await twoTenants(t.app));
});
afterAll(() => t.close());

const identity = {
  appName: "Cash Quest",
  moto: "Play and earn",
  domain: "cashquest.example",
  sharingDomain: "share.cashquest.example",
  endpoint: "https://api.cashquest.example",
};
const images = {
  logo: png(),
  favicon: { filename: "favicon.gif", contentType: "image/gif", content: tinyGif },
};

function sendForm(tenant: Tenant | null, method: "POST" | "PUT", url: string, fields: object, files = {}) {
  const body = multipartBody(fields as Record<string, string>, files);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(tenant?.headers ?? {}) },
  });
}

const uploadIdOf = (url: string | null) => url?.split("/").pop() ?? "";

describe("app setting (Identity)", () => {
  let saved: AppSetting;

  it("refuses a create without the images", async () => {
    const response = await sendForm(a, "POST", "/api/setting/", identity);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      logo: "Please choose an image",
      favicon: "Please choose an image",
    });
  });

  it("creates with a logo and favicon, served with the right headers", async () => {
    const created = await sendForm(a, "POST", "/api/setting/", { ...identity, adminId: b.id }, images);
    expect(created.statusCode, created.body).toBe(200);
    saved = created.json<{ setting: AppSetting }>().setting;
    expect(saved).toMatchObject({ ...identity, adminId: a.id });
    expect(saved.logo).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);

    const logo = await t.app.inject({ method: "GET", url: saved.logo ?? "" });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["x-content-type-options"]).toBe("nosniff");
    expect(logo.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(logo.rawPayload.equals(tinyPng)).toBe(true);
    const favicon = await t.app.inject({ method: "GET", url: saved.favicon ?? "" });
    expect(favicon.headers["content-type"]).toBe("image/gif");

    expect(
      (await t.app.inject({ method: "GET", url: `/api/setting/${a.id}`, headers: a.headers })).json(),
    ).toMatchObject({ _id: saved._id, logo: saved.logo });
  });

  it("updates the fields, replaces the logo and deletes the old upload, keeps the favicon", async () => {
    const updated = await sendForm(
      a,
      "PUT",
      `/api/setting/${saved._id}`,
      { ...identity, appName: "Cash Quest 2" },
      {
        logo: png(tinyGif, "new.gif"),
      },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    const after = updated.json<AppSetting>();
    expect(after).toMatchObject({ appName: "Cash Quest 2", favicon: saved.favicon });
    expect(after.logo).not.toBe(saved.logo);
    const old = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, uploadIdOf(saved.logo)));
    expect(old).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: saved.logo ?? "" })).statusCode).toBe(404);
    // The type comes from the bytes: a GIF named .png and sent as image/png is served as a GIF.
    expect((await t.app.inject({ method: "GET", url: after.logo ?? "" })).headers["content-type"]).toBe(
      "image/gif",
    );
  });

  it.each([
    [
      "an SVG",
      {
        filename: "logo.svg",
        contentType: "image/svg+xml",
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ],
    ["a text file named .png", png(Buffer.from("just some text, not an image"))],
  ])("refuses %s", async (_, logo) => {
    const response = await sendForm(b, "POST", "/api/setting/", identity, { ...images, logo });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      logo: "Only PNG, JPEG, WebP, GIF or ICO images are accepted",
    });
  });

  it("answers 413 for an image of 2 MB and 1 byte", async () => {
    const content = Buffer.concat([tinyPng, Buffer.alloc(maxUploadBytes + 1 - tinyPng.length)]);
    const response = await sendForm(b, "POST", "/api/setting/", identity, { ...images, logo: png(content) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe("The image is larger than 2 MB");
    expect(
      (await t.app.inject({ method: "GET", url: `/api/setting/${b.id}`, headers: b.headers })).json()._id,
    ).toBeUndefined();
  });

  it.each([
    ["no app name", { ...identity, appName: "" }, { appName: "Required field" }],
    ["a long app name", { ...identity, appName: "x".repeat(51) }, { appName: "Maximum 50 symbols" }],
    ["a short moto", { ...identity, moto: "ab" }, { moto: "Minimum 3 symbols" }],
    ["no domain", { ...identity, domain: " " }, { domain: "Required field" }],
  ])("refuses %s", async (_, fields, fieldErrors) => {
    const response = await sendForm(b, "POST", "/api/setting/", fields, images);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject(fieldErrors);
  });

  it("answers 401, 403, 404 for another tenant's record, and 404 for an unknown upload", async () => {
    expect((await sendForm(null, "POST", "/api/setting/", identity, images)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/setting/${a.id}`, headers: b.headers })).statusCode,
    ).toBe(403);
    expect((await sendForm(b, "PUT", `/api/setting/${saved._id}`, identity)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/uploads/not-an-id" })).statusCode).toBe(404);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/setting/",
      headers: a.headers,
      payload: identity,
    });
    expect(json.statusCode).toBe(400);
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=cut"]) {
      const malformed = await t.app.inject({
        method: "POST",
        url: "/api/setting/",
        headers: { ...a.headers, "content-type": type },
        payload: "--cut\r\nContent-Disposition: form-data; name=",
      });
      expect(malformed.statusCode).toBe(400);
    }
  });
});
