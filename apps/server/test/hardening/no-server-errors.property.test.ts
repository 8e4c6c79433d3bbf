import { messageCodes } from "@rewards/contract";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { appCall, appKeyOf, signUpOk } from "../support/app-api.ts";
import { goodPassword, login } from "../support/auth-helpers.ts";
import { idTableOf, namedValuesOf, postbackKeyOf, tenantIds } from "./support/id-sources.ts";
import { type OpenApiDocument, type Operation, operationsOf } from "./support/openapi-operations.ts";
import { type RequestCase, requestArbitrary, specialCases } from "./support/request-cases.ts";
import { createChangeDetector } from "./support/table-checksums.ts";
import { startAppWithTwoTenants } from "./support/tenants-with-data.ts";

/**
 * Bad input never answers 5xx (decision 0007): for every operation of the OpenAPI document, generated path
 * values, queries and bodies (hostile or not) and a fixed set of malformed bodies, sent signed in. Each
 * answer must be under 500; each 4xx must carry { statusCode, error, code, message } (a code of the
 * catalogue, so a client can say it in its language) and change no row.
 * HARDENING_SEED replays a run; HARDENING_RUNS sets the generated cases per operation.
 */
const seed = Number(process.env.HARDENING_SEED ?? 20_261_122);
const runsPerOperation = Number(process.env.HARDENING_RUNS ?? 25);

/** Refusals that write by design, and the only tables they may change. */
const refusalsThatWrite: Record<string, { tables: string[]; why: string }> = {
  "POST /api/users/register": {
    tables: ["admins"],
    why: "a later registration is kept as a pending account and answered 403 (decision 0002)",
  },
  "GET /postback/:postbackKey/:network": {
    tables: ["postback_log", "list_position_changes"],
    why: "every postback on a known key is kept in the postback log (and its move queued for the position index), refused ones too",
  },
  "POST /postback/:postbackKey/:network": {
    tables: ["postback_log", "list_position_changes"],
    why: "every postback on a known key is kept in the postback log (and its move queued for the position index), refused ones too",
  },
};

/**
 * Rate-limit counters are written by refusals on purpose: an attempt is counted before it is judged
 * (a wrong password, a bad code, a request over its limit), and a hit may also delete expired counters.
 */
const countersTable = "rate_limit_counters";

/** Postbacks answer networks in their own terms: "0" in plain text for a refusal, not a JSON error. */
const plainTextRefusals = new Set([
  "GET /postback/:postbackKey/:network",
  "POST /postback/:postbackKey/:network",
]);

const t = await startAppWithTwoTenants();
const document = t.app.swagger() as unknown as OpenApiDocument;
const operations = operationsOf(document);

// Real values for path parameters: the signed-in tenant's own ids, so cases reach past the lookup.
const realValues = new Map<string, string[]>();
for (const operation of operations) {
  for (const { name } of operation.pathParams) {
    const table = idTableOf(operation, name);
    const values = table
      ? await tenantIds(t.db, table, t.a.id)
      : name === "postbackKey"
        ? [await postbackKeyOf(t.db, t.a.id)]
        : [...namedValuesOf(operation, name)];
    realValues.set(`${operation.key} ${name}`, values);
  }
}
const valuesOf = (name: string, operation: Operation) => realValues.get(`${operation.key} ${name}`) ?? [];

// The mobile app's calls go with tenant A's app key and an app user's token.
const appKey = await appKeyOf(t.db, t.a.id);
const appUserEmail = "fuzz-user@example.com";
let appToken = (await signUpOk(t.app, appKey, appUserEmail)).accessToken;
/** A generated sign-out ends the app user's session: sign in again before the next operation. */
async function appUserToken() {
  const me = await appCall(t.app, { url: "/me", key: appKey, token: appToken });
  if (me.statusCode === 401) {
    const signIn = await appCall(t.app, {
      method: "POST",
      url: "/auth/sign-in",
      key: appKey,
      payload: { email: appUserEmail, password: goodPassword },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    appToken = signIn.json<{ accessToken: string }>().accessToken;
  }
  return appToken;
}
/**
 * A generated sign-out (or "sign out everywhere", or ending a session by id) ends administrator A's
 * session: sign in again before the next operation, from an address of its own so the sign-in cases'
 * per-IP limit does not refuse it.
 */
async function adminHeaders() {
  const me = await t.app.inject({ method: "GET", url: "/api/profile/me", headers: t.a.headers });
  if (me.statusCode === 401) {
    const signIn = await login(t.app, "owner@tenant-a.test", goodPassword, "192.0.2.10");
    expect(signIn.statusCode, signIn.body).toBe(200);
    t.a.headers.authorization = `Bearer ${signIn.json<{ accessToken: string }>().accessToken}`;
  }
  return t.a.headers;
}
async function callerHeaders(operation: Operation): Promise<Record<string, string>> {
  if (operation.route.startsWith("/app/")) {
    return { "x-app-key": appKey, authorization: `Bearer ${await appUserToken()}` };
  }
  return operation.route.startsWith("/api/") ? { ...(await adminHeaders()) } : {};
}

const changes = await createChangeDetector(t.db);

const stats = { operations: 0, cases: 0, byStatus: new Map<number, number>(), serverErrors: 0 };
afterAll(async () => {
  const statuses = [...stats.byStatus]
    .sort(([x], [y]) => x - y)
    .map(([status, count]) => `${status}: ${count}`);
  console.info(
    `no-5xx suite (seed ${seed}): ${stats.operations} operations, ${stats.cases} requests, ` +
      `5xx ${stats.serverErrors}; answers ${statuses.join(", ")}`,
  );
  await t.close();
});

const clip = (text: string, length = 600) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function describeCase(request: RequestCase, response: LightMyRequestResponse) {
  const payload = request.payload === undefined ? "" : clip(String(request.payload), 400);
  return [
    `${request.kind}: ${request.method} ${clip(request.url, 300)}`,
    `  content-type: ${request.headers["content-type"] ?? "(none)"}`,
    `  body: ${payload}`,
    `  → ${response.statusCode} ${clip(response.body, 400)}`,
    `  replay: HARDENING_SEED=${seed}`,
  ].join("\n");
}

function isErrorAnswer(response: LightMyRequestResponse, status: number): boolean {
  try {
    const answer = response.json<{
      statusCode?: unknown;
      error?: unknown;
      code?: unknown;
      message?: unknown;
    }>();
    return (
      answer.statusCode === status &&
      typeof answer.error === "string" &&
      typeof answer.message === "string" &&
      (messageCodes as readonly unknown[]).includes(answer.code)
    );
  } catch {
    return false;
  }
}

/** Sends one case and answers what is wrong with its answer, if anything. */
async function check(operation: Operation, request: RequestCase, seen: Set<number>) {
  const response = await t.app.inject({
    method: request.method as "GET",
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const changed = await changes.changes();
  const status = response.statusCode;
  seen.add(status);
  stats.cases += 1;
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  const problems: string[] = [];
  if (status >= 500) {
    stats.serverErrors += 1;
    problems.push(`answered ${status}`);
  }
  if (status >= 400 && status < 500) {
    // A postback handler's own refusal is "0"; what Fastify refuses before it (a bad URL, a body too large)
    // answers the JSON error like every other route.
    const plainZero = plainTextRefusals.has(operation.key) && response.body === "0";
    if (!plainZero && !isErrorAnswer(response, status)) {
      problems.push(`the ${status} is not { statusCode, error, code, message }`);
    }
    const allowed = [countersTable, ...(refusalsThatWrite[operation.key]?.tables ?? [])];
    const unexpected = changed.filter((table) => !allowed.includes(table));
    if (unexpected.length) problems.push(`the ${status} changed ${unexpected.join(", ")}`);
  }
  if (problems.length) throw new Error(`${problems.join("; ")}\n${describeCase(request, response)}`);
}

describe("no 5xx, well-formed 4xx, and no change on a 4xx, for every operation of the OpenAPI document", () => {
  it("covers the mobile app's calls and the postbacks too", () => {
    expect(operations.some((operation) => operation.route.startsWith("/postback/"))).toBe(true);
    expect(operations.some((operation) => operation.route.startsWith("/app/v1/"))).toBe(true);
    expect(operations.length).toBeGreaterThan(60);
  });

  it.each(operations.map((operation) => [operation.key, operation] as const))(
    "%s",
    async (_, operation) => {
      stats.operations += 1;
      const headers = await callerHeaders(operation);
      // Signing the app user in again writes rows: the cases are judged from here on.
      await changes.changes();
      const seen = new Set<number>();
      for (const request of specialCases(operation, valuesOf, headers)) await check(operation, request, seen);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(operation, document, valuesOf, headers), (request) =>
          check(operation, request, seen),
        ),
        // No shrinking: each step would be another request; the failing case is printed whole instead.
        { seed, numRuns: runsPerOperation, endOnFailure: true },
      );
      // The cases got past the sign-in check: a caller's token that stopped working would make them vacuous.
      const needsCaller = operation.signedIn || /^\/app\/v1\/(?!auth\/sign-(in|up))/.test(operation.route);
      if (needsCaller)
        expect(
          [...seen].some((status) => status !== 401),
          "every case answered 401",
        ).toBe(true);
    },
    60_000,
  );
});
