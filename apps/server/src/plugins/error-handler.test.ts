import { messages } from "@rewards/contract";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/support/test-app.ts";
import { admins, passwordResets } from "../db/schema/index.ts";
import { AppError } from "../lib/errors.ts";
import { newId } from "../lib/ids.ts";
import { registerErrorHandler } from "./error-handler.ts";

const adminRow = (username: string) => ({
  id: newId(),
  fullName: "Some One",
  username,
  passwordHash: "not-a-real-hash",
  role: "admin" as const,
  status: "active" as const,
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// Real database errors from whichever driver runs the suite (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// through the handler on a bare Fastify with throwaway routes.
describe("database errors", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const { db } = t;
    app = Fastify();
    registerErrorHandler(app);
    app.post("/duplicate", async () => {
      await db.insert(admins).values(adminRow("twice@rewards.test"));
      await db.insert(admins).values(adminRow("twice@rewards.test"));
      return { inserted: 2 };
    });
    app.post("/dangling", async () => {
      await db.insert(passwordResets).values({
        id: newId(),
        adminId: newId(),
        tokenHash: "abc",
        expiresAt: new Date(),
      });
      return {};
    });
    app.get("/bad-uuid", async () => db.select().from(admins).where(eq(admins.id, "not-a-uuid")));
    app.get("/bug", async () => {
      throw new Error("secret internals");
    });
    app.get("/app-error", async () => {
      throw new AppError(422, messages.maximum(5000), { field: messages.required }, { "x-extra": "yes" });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it("answers a unique violation with 409 naming the field", async () => {
    const response = await app.inject({ method: "POST", url: "/duplicate" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      statusCode: 409,
      error: "Conflict",
      code: "recordExists",
      message: "A record with this username already exists",
      params: { field: "username" },
      fieldErrors: { username: "This username is already in use" },
    });
  });

  it("answers a foreign-key violation with 409", async () => {
    const response = await app.inject({ method: "POST", url: "/dangling" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ statusCode: 409, error: "Conflict" });
  });

  it("answers a value the column cannot take with 400", async () => {
    const response = await app.inject({ method: "GET", url: "/bad-uuid" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      code: "valueInvalid",
      message: "A value is not valid for its field",
    });
  });

  it("answers an unexpected error with 500 and a message that leaks nothing", async () => {
    const response = await app.inject({ method: "GET", url: "/bug" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: "Internal Server Error",
      code: "internal",
      message: messages.internal,
    });
  });

  it("answers an AppError with its status, code and arguments, field errors and headers", async () => {
    const response = await app.inject({ method: "GET", url: "/app-error" });
    expect(response.statusCode).toBe(422);
    expect(response.headers["x-extra"]).toBe("yes");
    expect(response.json()).toEqual({
      statusCode: 422,
      error: "Unprocessable Entity",
      code: "maximum",
      message: "Maximum 5000",
      params: { n: 5000 },
      fieldErrors: { field: "Required field" },
    });
  });
});

// Malformed requests against the whole app: a client's mistake is never a 5xx.
describe("malformed requests", () => {
  const post = (headers: Record<string, string>, payload: string) =>
    t.app.inject({ method: "POST", url: "/api/users/login", headers, payload });

  it.each([
    ["malformed JSON", { "content-type": "application/json" }, '{"username": ', 400, "bodyNotJson"],
    ["an empty JSON body", { "content-type": "application/json" }, "", 400, "bodyEmpty"],
    ["JSON null", { "content-type": "application/json" }, "null", 400, undefined],
    [
      "a __proto__ key",
      { "content-type": "application/json" },
      '{"__proto__": {"role": "owner"}}',
      400,
      undefined,
    ],
    [
      "an unknown content type",
      { "content-type": "application/xml" },
      "<username>a</username>",
      415,
      "mediaTypeUnsupported",
    ],
    ["a text body", { "content-type": "text/plain" }, "username=a", 400, undefined],
    [
      "a form body",
      { "content-type": "application/x-www-form-urlencoded" },
      "username=a&password=b",
      415,
      "mediaTypeUnsupported",
    ],
    [
      "a body over 1 MB",
      { "content-type": "application/json" },
      `{"username":"${"a".repeat(1024 * 1024)}"}`,
      413,
      "bodyTooLarge",
    ],
  ])("answers %s with a 4xx in the error shape", async (_name, headers, payload, status, code) => {
    const response = await post(headers, payload);
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: status,
      error: expect.any(String),
      code: code ?? expect.any(String),
      message: expect.any(String),
    });
    expect(body.message).not.toBe(messages.internal);
  });

  it("answers a wrong method on a known path with 404 in the error shape", async () => {
    const response = await t.app.inject({ method: "DELETE", url: "/api/users/login" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: "Not Found",
      code: "routeNotFound",
      message: "Route DELETE /api/users/login not found",
      params: { method: "DELETE", path: "/api/users/login" },
    });
  });
});
