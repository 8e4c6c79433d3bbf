import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it("answers ok when the database answers, with a request id", async () => {
  const response = await t.app.inject({
    method: "GET",
    url: "/healthz",
    headers: { "x-request-id": "abc-123" },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: "ok" });
  expect(response.headers["x-request-id"]).toBe("abc-123");
});

it("answers an unknown API path with the error shape", async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
});
