import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { appKeyOf, signUpOk } from "../support/app-api.ts";
import {
  everyIdOf,
  idTableOf,
  idTableOfBodyIds,
  namedValuesOf,
  publicIdRoutes,
  tenantIds,
} from "./support/id-sources.ts";
import {
  type OpenApiDocument,
  type Operation,
  operationKey,
  operationsOf,
} from "./support/openapi-operations.ts";
import { urlOf, validBodies } from "./support/request-cases.ts";
import { createChangeDetector } from "./support/table-checksums.ts";
import { startAppWithTwoTenants } from "./support/tenants-with-data.ts";
import { bodiesBeyondTheSchema } from "./support/valid-bodies.ts";

/**
 * Tenant isolation, generated from the route table (decision 0001): every route with a path id or {adminId}
 * is called by administrator B with administrator A's real ids, and must answer 404 or 403, show none of
 * A's ids, and change no row. Bulk calls that take ids in their body get A's ids too. A new route is
 * covered as soon as it is registered; one whose id names no known table fails until id-sources.ts says.
 */
const seed = 20_261_122;
const t = await startAppWithTwoTenants();
const document = t.app.swagger() as unknown as OpenApiDocument;
const byKey = new Map(operationsOf(document).map((operation) => [operation.key, operation]));
const routes = t.app.routeTable
  .filter((route) => !route.hidden)
  .map((route) => byKey.get(operationKey(route.method, route.url)))
  .filter((operation): operation is Operation => operation !== undefined);
const idRoutes = routes.filter(
  (operation) => operation.pathParams.length > 0 && !(operation.route in publicIdRoutes),
);
const bulkRoutes = routes.filter((operation) => {
  const schema = operation.body?.schema as { properties?: Record<string, { items?: { format?: string } }> };
  return schema?.properties?.ids?.items?.format === "uuid";
});
const changes = await createChangeDetector(t.db);
const idsOfA = await everyIdOf(t.db, t.a.id);

// The mobile app's routes are called by B's app user (B's key and token), with A's ids.
const appKeyB = await appKeyOf(t.db, t.b.id);
const appUserB = await signUpOk(t.app, appKeyB, "isolation-user@example.com");
const headersOfB = (operation: Operation): Record<string, string> =>
  operation.route.startsWith("/app/")
    ? { "x-app-key": appKeyB, authorization: `Bearer ${appUserB.accessToken}` }
    : t.b.headers;

let checks = 0;
afterAll(async () => {
  console.info(
    `tenant isolation: ${idRoutes.length} routes with ids, ${bulkRoutes.length} bulk routes, ${checks} checks`,
  );
  await t.close();
});

/** Every value of A's that the route's path takes: real ids of A's rows, or a fixed name. */
async function pathValuesOfA(operation: Operation): Promise<string[] | string> {
  const values: string[] = [];
  for (const { name } of operation.pathParams) {
    const table = idTableOf(operation, name);
    const value = table ? (await tenantIds(t.db, table, t.a.id))[0] : namedValuesOf(operation, name)[0];
    if (!value) {
      return table
        ? `${operation.key}: tenant A has no row in ${table} for {${name}}`
        : `${operation.key}: nothing says which table {${name}} comes from (add it to id-sources.ts)`;
    }
    values.push(value);
  }
  return values;
}

/** A's ids that an answer shows. */
function leakedIds(response: LightMyRequestResponse): string[] {
  const uuids = response.body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? [];
  return uuids.filter((id) => idsOfA.has(id.toLowerCase()));
}

async function sendAsB(
  operation: Operation,
  url: string,
  body?: { contentType: string; payload: string | Buffer },
) {
  await changes.changes();
  const response = await t.app.inject({
    method: operation.method as "GET",
    url,
    headers: { ...headersOfB(operation), ...(body ? { "content-type": body.contentType } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });
  checks += 1;
  return { response, changed: await changes.changes() };
}

describe("another administrator's ids answer 404 or 403, read nothing and change nothing", () => {
  it("finds every id route and a real id of tenant A for each of its parameters", async () => {
    expect(idRoutes.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const operation of idRoutes) {
      const values = await pathValuesOfA(operation);
      if (typeof values === "string") problems.push(values);
    }
    expect(problems).toEqual([]);
  });

  it.each(idRoutes.map((operation) => [operation.key, operation] as const))("%s", async (_, operation) => {
    const values = await pathValuesOfA(operation);
    if (typeof values === "string") throw new Error(values);
    const url = urlOf(operation, values);
    // Valid bodies, so a 404 or 403 is the answer to the id, not to a bad body; the first that passes
    // validation is the one judged.
    const fixture = bodiesBeyondTheSchema[operation.key];
    const bodies = fixture
      ? [{ contentType: "application/json", payload: JSON.stringify(fixture) }]
      : operation.body
        ? validBodies(operation, document, seed)
        : [undefined];
    let judged: Awaited<ReturnType<typeof sendAsB>> | undefined;
    for (const body of bodies) {
      const attempt = await sendAsB(operation, url, body);
      expect(attempt.changed, `${operation.key} changed ${attempt.changed.join(", ")}`).toEqual([]);
      judged = attempt;
      if (attempt.response.statusCode !== 400) break;
    }
    const { response } = judged ?? (await sendAsB(operation, url));
    expect([403, 404], `${operation.method} ${url} → ${response.statusCode} ${response.body}`).toContain(
      response.statusCode,
    );
    expect(leakedIds(response)).toEqual([]);
    expect(response.body).not.toContain("tenant-a.test");
  });

  it.each(bulkRoutes.map((operation) => [operation.key, operation] as const))(
    "%s with A's ids in its body",
    async (_, operation) => {
      const table = idTableOfBodyIds[operation.key];
      expect(table, `${operation.key}: add the table of its body ids to id-sources.ts`).toBeDefined();
      const ids = await tenantIds(t.db, table ?? "", t.a.id);
      expect(ids.length).toBeGreaterThan(0);
      // The rest of the body from the schema; the ids are A's.
      const [shape] = validBodies(operation, document, seed);
      const body = { ...JSON.parse(String(shape?.payload ?? "{}")), ids };
      const { response, changed } = await sendAsB(operation, operation.route, {
        contentType: "application/json",
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(changed, `${operation.key} changed ${changed.join(", ")}`).toEqual([]);
      expect(leakedIds(response)).toEqual([]);
    },
  );
});

describe("the same calls by the owner of the ids do reach the records", () => {
  // Proves the ids above were real and the routes reachable: A reads its own records. (Only reads:
  // A's writes would change the data the checks above run on.)
  const reads = idRoutes.filter((operation) => operation.method === "GET");
  it.each(reads.map((operation) => [operation.key, operation] as const))("%s", async (_, operation) => {
    const values = await pathValuesOfA(operation);
    if (typeof values === "string") throw new Error(values);
    const headers = operation.route.startsWith("/app/") ? {} : t.a.headers;
    const response = await t.app.inject({ method: "GET", url: urlOf(operation, values), headers });
    expect(response.statusCode, response.body).toBe(200);
  });
});
