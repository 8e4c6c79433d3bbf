import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("liveness and readiness", () => {
  it("answers /healthz ok, with a request id", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "abc-123" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
    expect(response.headers["x-request-id"]).toBe("abc-123");
  });

  it("answers /readyz ready once every migration of this build is applied, else 503", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });

    // The last migration's record gone: the schema is behind this build, as while a deploy migrates.
    const [last] = (
      (await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    try {
      const behind = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ statusCode: 503, code: "migrationsPending" });
      // Alive all the same: a process waiting for its migrations is not restarted.
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("answers an unknown API path with the error shape", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  });

  it("has no /metrics without METRICS_TOKEN: 404, even with a token", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer some-token-of-sixteen" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "notFound" });
  });
});
