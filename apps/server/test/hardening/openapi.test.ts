import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, twoTenants } from "../support/tenants.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { type OpenApiDocument, operationKey, operationsOf, routeOf } from "./support/openapi-operations.ts";

let t: TestApp;
let a: Tenant;
let b: Tenant;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp({ outbox: false });
  ({ a, b } = await twoTenants(t.app));
  const response = await t.app.inject({ method: "GET", url: "/api/openapi.json", headers: a.headers });
  expect(response.statusCode, response.body).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(() => t.close());

/** Writes that take no body, and why. */
const writesWithoutBody: Record<string, string> = {
  "PUT /api/redeem/:id": "cancelling names the redeem in the path; there is nothing else to send",
  "POST /api/redeem/:id/code": "revealing names the redeem in the path; there is nothing else to send",
  "POST /api/redeem/:id/approve": "approving names the redeem in the path; the approver is the caller",
  "POST /api/payouts/codes/:id/reveal": "revealing names the code in the path; there is nothing else to send",
  "POST /api/payouts/holds/:holdId/release":
    "releasing names the hold in the path; there is nothing else to send",
  "POST /app/v1/auth/sign-out": "signing out names the session by its token",
  "POST /api/users/logout": "signing out names the session by its token",
  "POST /api/profile/mfa/setup": "a new secret for the signed-in administrator; there is nothing to send",
  "POST /api/profile/apps/:appId": "switching names the app in the path; there is nothing else to send",
};

type Walkable = unknown;
function* schemasOf(document: OpenApiDocument): Generator<[string, Walkable]> {
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    yield [`components.schemas.${name}`, schema];
  }
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods) as [string, Record<string, never>][]) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of (operation.parameters ?? []) as { name: string; schema: unknown }[]) {
        yield [`${where} parameter ${parameter.name}`, parameter.schema];
      }
      const bodies = Object.entries(
        (operation.requestBody as unknown as { content?: object } | undefined)?.content ?? {},
      );
      for (const [type, media] of bodies)
        yield [`${where} body ${type}`, (media as { schema: unknown }).schema];
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const contents = Object.entries((answer as { content?: object }).content ?? {});
        for (const [type, media] of contents) {
          yield [`${where} ${status} ${type}`, (media as { schema: unknown }).schema];
        }
      }
    }
  }
}

function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsOf(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsOf(inner, found);
    }
  }
  return found;
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const info = (document as unknown as { info: { title?: unknown; version?: unknown } }).info;
    expect(typeof info.title).toBe("string");
    expect(typeof info.version).toBe("string");
    const schemes = Object.keys(
      (document.components as { securitySchemes?: object } | undefined)?.securitySchemes ?? {},
    );
    const operationIds = new Set<string>();
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(["get", "put", "post", "delete", "patch", "options", "head", "trace"], where).toContain(
          method,
        );
        const responses = Object.entries(operation.responses ?? {});
        expect(responses.length, `${where} has no responses`).toBeGreaterThan(0);
        for (const [status, answer] of responses) {
          expect(status, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
          expect(typeof (answer as { description?: unknown }).description, `${where} ${status}`).toBe(
            "string",
          );
        }
        // Path templating: each {name} is declared once as a required path parameter, and nothing else is.
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        const declared = (operation.parameters ?? []).filter((p) => p.in === "path");
        expect(declared.map((p) => p.name).sort(), where).toEqual([...templated].sort());
        for (const parameter of declared) expect(parameter.required, `${where} ${parameter.name}`).toBe(true);
        const names = (operation.parameters ?? []).map((p) => `${p.in}:${p.name}`);
        expect(new Set(names).size, `${where} repeats a parameter`).toBe(names.length);
        for (const requirement of operation.security ?? []) {
          for (const scheme of Object.keys(requirement)) expect(schemes, where).toContain(scheme);
        }
        const operationId = (operation as { operationId?: string }).operationId;
        if (operationId) {
          expect(operationIds.has(operationId), `operationId ${operationId} twice`).toBe(false);
          operationIds.add(operationId);
        }
      }
    }
  });

  it("has only JSON Schema 2020-12 schemas, and every $ref resolves", () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const [where, schema] of schemasOf(document)) {
      const valid = ajv.validateSchema(schema as object);
      expect(valid, `${where}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
    const components = document.components?.schemas ?? {};
    for (const ref of refsOf(document.paths)) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(components[ref.replace("#/components/schemas/", "")], ref).toBeDefined();
    }
  });

  it("lists every registered route, each with a summary, tags, its parameters, body and answers", () => {
    const documented = new Map(operationsOf(document).map((operation) => [operation.key, operation]));
    // The reference page's own files are the only routes left out (hidden); everything else is listed.
    const hidden = t.app.routeTable.filter((route) => route.hidden);
    for (const route of hidden) expect(route.url.startsWith("/api/docs"), route.url).toBe(true);
    const routes = t.app.routeTable.filter((route) => !route.hidden);
    expect(routes.length).toBeGreaterThan(60);
    const missing = routes.filter((route) => !documented.has(operationKey(route.method, route.url)));
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    expect(documented.size).toBe(routes.length);

    const incomplete: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const key = operationKey(method, routeOf(path));
        if (!operation.summary?.trim()) incomplete.push(`${key}: no summary`);
        if (!operation.tags?.length) incomplete.push(`${key}: no tags`);
        if (!Object.keys(operation.responses ?? {}).some((status) => status.startsWith("2"))) {
          incomplete.push(`${key}: no success answer`);
        }
        const writes = ["post", "put", "patch"].includes(method);
        if (writes && !operation.requestBody && !(key in writesWithoutBody))
          incomplete.push(`${key}: no body`);
      }
    }
    expect(incomplete).toEqual([]);
  });

  it("marks the signed-in routes with the token they need, and only them", () => {
    const schemes = new Map<string, string[]>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const names = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
        schemes.set(operationKey(method, routeOf(path)), names);
      }
    }
    for (const operation of operationsOf(document)) {
      const names = schemes.get(operation.key);
      if (operation.route.startsWith("/app/")) {
        // The mobile app's calls: an app user's token, or none (the app key alone, or signing in).
        expect([[], ["appUserToken"]], operation.key).toContainEqual(names);
      } else {
        const signedOut =
          !operation.route.startsWith("/api/") ||
          /^\/api\/users\/(login|register|auth\/)/.test(operation.route);
        expect(names, operation.key).toEqual(signedOut ? [] : ["adminToken"]);
      }
    }
    expect(schemes.get("GET /app/v1/me")).toEqual(["appUserToken"]);
    expect(schemes.get("POST /app/v1/auth/sign-in")).toEqual([]);
  });
});

describe("who may read the document", () => {
  it("answers 401 without a token and 403 to an administrator who is not the owner", async () => {
    for (const url of ["/api/openapi.json", "/api/docs/json", "/api/docs/yaml"]) {
      const anonymous = await t.app.inject({ method: "GET", url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ statusCode: 401, error: "Unauthorized" });
      const notOwner = await t.app.inject({ method: "GET", url, headers: b.headers });
      expect(notOwner.statusCode, url).toBe(403);
      expect(notOwner.json().message).toBe("Only the owner can do this.");
      const owner = await t.app.inject({ method: "GET", url, headers: a.headers });
      expect(owner.statusCode, url).toBe(200);
    }
  });

  it("is open to anyone when the server runs with the demo data", async () => {
    const demo = await startTestApp({ outbox: false, apiDocs: "open" });
    try {
      const response = await demo.app.inject({ method: "GET", url: "/api/openapi.json" });
      expect(response.statusCode).toBe(200);
      expect(response.json().openapi).toBe("3.1.0");
    } finally {
      await demo.close();
    }
  });
});

describe("the reference page at /api/docs", () => {
  it("is served to anyone, with the strict CSP and no inline script", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const csp = String(page.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(content?.trim()).toBe("");
    }
  });

  it("fetches the document with the owner's token that the web app keeps", async () => {
    const script = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("rewards-auth");
    expect(script.body).toContain("requestInterceptor");
  });
});
