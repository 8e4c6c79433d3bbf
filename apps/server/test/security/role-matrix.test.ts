import { randomBytes } from "node:crypto";
import {
  allEndpoints,
  type Endpoint,
  endpointKey,
  type MemberRole,
  memberRoles,
  messages,
  pathOf,
  roleAllows,
  type TeamPermission,
  teamPermissions,
} from "@rewards/contract";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { teamInvites } from "../../src/db/schema/index.ts";
import { newId } from "../../src/lib/ids.ts";
import {
  everyIdOf,
  idTableOfParam,
  idTableOfRoute,
  namedValues,
  tenantIds,
} from "../hardening/support/id-sources.ts";
import { type OpenApiDocument, operationKey, operationsOf } from "../hardening/support/openapi-operations.ts";
import { validBodies } from "../hardening/support/request-cases.ts";
import { createChangeDetector } from "../hardening/support/table-checksums.ts";
import { startAppWithTwoTenants } from "../hardening/support/tenants-with-data.ts";
import { bodiesBeyondTheSchema } from "../hardening/support/valid-bodies.ts";
import { bearer } from "../support/auth-helpers.ts";
import {
  addMember,
  insertMember,
  type Member,
  type MemberAccount,
  removeMembership,
  setMemberRole,
  signInMember,
} from "../support/members.ts";

/**
 * The team's role matrix, generated from the contract's endpoint table and roleGrants: every dashboard
 * endpoint of a team permission is called by a member of app A holding each role, and must answer exactly
 * 403 "Your role does not allow this" when the role lacks the permission, and anything else (never a 5xx)
 * when it holds it. Members of another app calling A's ids get 404 (403 where the path names the app),
 * and change nothing. Account calls are open to every member; installation calls only to the
 * installation's owner. A removed member's token stops at once; a changed role applies at once.
 */
const seed = 20_261_125;
const t = await startAppWithTwoTenants();
const appA = t.a.id;
const document = t.app.swagger() as unknown as OpenApiDocument;
const operations = new Map(operationsOf(document).map((operation) => [operation.key, operation]));

/** The dashboard's endpoints this server serves (its router ignores a trailing slash). */
const withoutSlash = (method: string, url: string) => `${method} ${url.replace(/(.)\/$/, "$1")}`;
const registered = new Set(t.app.routeTable.map((route) => withoutSlash(route.method, route.url)));
const served = allEndpoints().filter(
  (endpoint) =>
    endpoint.path.startsWith("/api/") && registered.has(withoutSlash(endpoint.method, endpoint.path)),
);
const isTeamPermission = (permission: string): permission is TeamPermission =>
  (teamPermissions as readonly string[]).includes(permission);
const pathParamsOf = (endpoint: Endpoint) =>
  [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");

/** Calls that remove records: they run last, each role on a record of its own. */
const removes = (endpoint: Endpoint) => endpoint.method === "DELETE" || /\/delete\w*$/i.test(endpoint.path);
const teamEndpoints = served.filter((endpoint) => isTeamPermission(endpoint.permission));
const matrixEndpoints = [
  ...teamEndpoints.filter((endpoint) => !removes(endpoint)),
  // Children before parents (items, rewards, countries), so each removal still finds its record.
  ...teamEndpoints.filter(removes).reverse(),
];

// A member of A for each role, each owning no app of its own.
const members = {} as Record<MemberRole, Member>;
for (const role of memberRoles) members[role] = await addMember(t, appA, role);
// Members and invites of A that the team calls may change and remove (one per role).
const spareMembers: MemberAccount[] = [];
for (const role of memberRoles) spareMembers.push(await insertMember(t.db, appA, "viewer", `spare-${role}`));
const spareInvites: string[] = [];
for (const role of memberRoles) {
  const id = newId();
  await t.db.insert(teamInvites).values({
    id,
    appId: appA,
    email: `invited-${role}@member.test`,
    role: "support",
    tokenHash: randomBytes(32).toString("hex"),
    invitedBy: appA,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  spareInvites.push(id);
}
// The other app's team: B's owner (t.b) and a B member with role admin.
const adminOfB = await addMember(t, t.b.id, "admin", "b-admin");
const idsOfA = await everyIdOf(t.db, appA);
for (const id of [...spareMembers.map((member) => member.id), ...spareInvites]) idsOfA.add(id);
const changes = await createChangeDetector(t.db);

/** Valid bodies for the calls whose rules go beyond what their schema can say. */
const bodyFixtures: Record<string, object> = {
  ...bodiesBeyondTheSchema,
  "POST /api/team/invites": { email: "new-member@member.test", role: "support" },
  "PUT /api/team/members/:id": { role: "support" },
};

type Body = { contentType: string; payload: string | Buffer };

/** Bodies to try in turn (the first one not refused as input is judged), or one call without a body. */
function bodiesOf(endpoint: Endpoint): (Body | undefined)[] {
  const fixture = bodyFixtures[endpointKey(endpoint)];
  if (fixture) return [{ contentType: "application/json", payload: JSON.stringify(fixture) }];
  const operation = operations.get(operationKey(endpoint.method, endpoint.path));
  if (!operation?.body) return [undefined];
  return validBodies(operation, document, seed).slice(0, 3);
}

type Rows<T> = { rows: T[] };

/** Real values of an app's records for a path parameter, or undefined when nothing says where they come from. */
async function valuesOf(endpoint: Endpoint, param: string, appId: string): Promise<string[] | undefined> {
  if (param === "adminId" || param === "appId") return [appId];
  const named = namedValues[`${endpoint.path} {${param}}`];
  if (named) return [...named.values];
  if (endpoint.path === "/api/team/members/:id") {
    if (appId === appA) return spareMembers.map((member) => member.id);
    return [];
  }
  if (endpoint.path === "/api/team/invites/:id") {
    const result = (await t.db.execute(
      sql`select id::text as id from team_invites where app_id = ${appId} and used_at is null order by id`,
    )) as unknown as Rows<{ id: string }>;
    return result.rows.map((row) => row.id);
  }
  const table = param === "id" ? idTableOfRoute[endpoint.path] : idTableOfParam[param];
  return table ? tenantIds(t.db, table, appId, memberRoles.length) : undefined;
}

/** The path of a call on A's records; `pick` chooses among the records (a removal takes its own). */
async function urlOnA(endpoint: Endpoint, pick: number): Promise<{ url: string; unknown: string[] }> {
  const params: Record<string, string> = {};
  const unknown: string[] = [];
  for (const param of pathParamsOf(endpoint)) {
    const values = await valuesOf(endpoint, param, appA);
    if (!values?.length) unknown.push(param);
    params[param] = values?.length ? (values[pick % values.length] ?? "") : newId();
  }
  return { url: pathOf(endpoint, params), unknown };
}

function send(endpoint: Endpoint, url: string, headers: Record<string, string>, body?: Body) {
  return t.app.inject({
    method: endpoint.method,
    url,
    headers: { ...headers, ...(body ? { "content-type": body.contentType } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });
}

function messageOf(response: LightMyRequestResponse): string | undefined {
  try {
    return response.json<{ message?: string }>().message;
  } catch {
    return undefined;
  }
}

const roleRefusal = (response: LightMyRequestResponse) =>
  response.statusCode === 403 && messageOf(response) === messages.roleForbidden;
const describeAnswer = (response: LightMyRequestResponse) =>
  `${response.statusCode} ${messageOf(response) ?? response.body.slice(0, 120)}`;

const counts = { matrix: 0, matrixAllowed: 0, matrixAllowedOk: 0, otherApp: 0, account: 0, installation: 0 };
const mismatches: string[] = [];
afterAll(async () => {
  console.info(
    `role matrix: ${matrixEndpoints.length} team endpoints x ${memberRoles.length} roles = ${counts.matrix} cases ` +
      `(${counts.matrixAllowed} allowed, ${counts.matrixAllowedOk} of them answered 2xx); ${counts.otherApp} other-app cases; ` +
      `${counts.account} account and ${counts.installation} installation cases; ${mismatches.length} mismatches`,
  );
  await t.close();
});

describe("a member of another app reaches none of A's records", () => {
  const withIds = served.filter(
    (endpoint) => endpoint.permission !== "signedOut" && pathParamsOf(endpoint).length > 0,
  );
  const callers = [
    { name: "B's owner", role: "owner" as MemberRole, headers: t.b.headers },
    { name: "B's admin member", role: "admin" as MemberRole, headers: adminOfB.headers },
  ];
  it("finds a real record of A for every path parameter", async () => {
    expect(withIds.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const endpoint of withIds) {
      const { unknown } = await urlOnA(endpoint, 0);
      if (unknown.length) problems.push(`${endpointKey(endpoint)}: no record of A for ${unknown.join(", ")}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(withIds.map((endpoint) => [endpointKey(endpoint), endpoint] as const))(
    "%s",
    async (_, endpoint) => {
      const { url } = await urlOnA(endpoint, 0);
      const namesApp = pathParamsOf(endpoint).some((param) => param === "adminId" || param === "appId");
      const found: string[] = [];
      for (const caller of callers) {
        let response: LightMyRequestResponse | undefined;
        for (const body of bodiesOf(endpoint)) {
          await changes.changes();
          response = await send(endpoint, url, caller.headers, body);
          counts.otherApp += 1;
          const changed = await changes.changes();
          if (changed.length) found.push(`${caller.name}: changed ${changed.join(", ")}`);
          if (response.statusCode !== 400) break;
        }
        if (!response) continue;
        const message = messageOf(response);
        const permission = endpoint.permission;
        const expected403 =
          namesApp ||
          (permission === "installation" && message === messages.ownerOnly) ||
          (isTeamPermission(permission) &&
            !roleAllows(caller.role, permission) &&
            message === messages.roleForbidden);
        const fine = response.statusCode === 404 || (response.statusCode === 403 && expected403);
        if (!fine) found.push(`${caller.name}: ${describeAnswer(response)}`);
        const uuids =
          response.body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? [];
        const leaked = uuids.filter((id) => idsOfA.has(id.toLowerCase()));
        if (leaked.length) found.push(`${caller.name}: shows A's ids ${leaked.join(", ")}`);
      }
      mismatches.push(...found.map((problem) => `${endpointKey(endpoint)} ${problem}`));
      expect(found, `${endpoint.method} ${url}`).toEqual([]);
    },
  );
});

describe("account calls are every member's; installation calls only the installation owner's", () => {
  const account = served.filter((endpoint) => endpoint.permission === "account");
  const installation = served.filter((endpoint) => endpoint.permission === "installation");

  it("the profile of a viewer names its role and the app it acts in", async () => {
    const viewer = await addMember(t, appA, "viewer", "profile-viewer");
    const response = await t.app.inject({ method: "GET", url: "/api/profile/me", headers: viewer.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      _id: viewer.id,
      appId: appA,
      role: "viewer",
      installationOwner: false,
    });
  });

  it.each(account.map((endpoint) => [endpointKey(endpoint), endpoint] as const))(
    "a viewer member may call %s",
    async (_, endpoint) => {
      // A fresh account and session per call: signing out and ending sessions must not touch the others.
      const viewer = await addMember(t, appA, "viewer", "account-viewer");
      const params: Record<string, string> = {};
      for (const param of pathParamsOf(endpoint)) {
        if (endpoint.path === "/api/profile/sessions/:id") {
          // Another session of the same account.
          await signInMember(t.app, viewer.username);
          const result = (await t.db.execute(
            sql`select id::text as id from admin_sessions where admin_id = ${viewer.id} order by created_at desc limit 1`,
          )) as unknown as Rows<{ id: string }>;
          params[param] = result.rows[0]?.id ?? newId();
        } else {
          params[param] = (await valuesOf(endpoint, param, appA))?.[0] ?? newId();
        }
      }
      const [body] = bodiesOf(endpoint);
      const response = await send(endpoint, pathOf(endpoint, params), viewer.headers, body);
      counts.account += 1;
      const refused =
        response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500;
      if (refused) mismatches.push(`${endpointKey(endpoint)} viewer: ${describeAnswer(response)}`);
      expect(refused, describeAnswer(response)).toBe(false);
    },
  );

  it.each(installation.map((endpoint) => [endpointKey(endpoint), endpoint] as const))(
    "%s answers 403 ownerOnly to members and to another app's owner",
    async (_, endpoint) => {
      const params: Record<string, string> = {};
      for (const param of pathParamsOf(endpoint)) {
        params[param] = (await valuesOf(endpoint, param, appA))?.[0] ?? newId();
      }
      const [body] = bodiesOf(endpoint);
      const callers = { ...members, "B's owner": { headers: t.b.headers } };
      const found: string[] = [];
      for (const [name, caller] of Object.entries(callers)) {
        const response = await send(endpoint, pathOf(endpoint, params), caller.headers, body);
        counts.installation += 1;
        if (!(response.statusCode === 403 && messageOf(response) === messages.ownerOnly)) {
          found.push(`${name}: ${describeAnswer(response)}`);
        }
      }
      mismatches.push(...found.map((problem) => `${endpointKey(endpoint)} ${problem}`));
      expect(found).toEqual([]);
    },
  );
});

describe("a change of membership applies on the next request", () => {
  const auditList = { method: "POST", url: "/api/audit", payload: { queryParams: {} } } as const;

  it("a removed member's token opens nothing", async () => {
    const member = await addMember(t, appA, "admin", "removed");
    const before = await t.app.inject({ ...auditList, headers: member.headers });
    expect(before.statusCode, before.body).toBe(200);
    await removeMembership(t.db, member);
    for (const request of [
      { method: "GET", url: "/api/profile/me" },
      { method: "GET", url: "/api/dash" },
      auditList,
    ] as const) {
      const after = await t.app.inject({ ...request, headers: member.headers });
      expect(after.statusCode, `${request.url}: ${after.body}`).toBe(401);
    }
  });

  it("a viewer made admin gains the admin's rights at once", async () => {
    const member = await addMember(t, appA, "viewer", "promoted");
    const before = await t.app.inject({ ...auditList, headers: member.headers });
    expect(before.statusCode).toBe(403);
    expect(messageOf(before)).toBe(messages.roleForbidden);
    await setMemberRole(t.db, member, "admin");
    const after = await t.app.inject({ ...auditList, headers: member.headers });
    expect(after.statusCode, after.body).toBe(200);
    const me = await t.app.inject({ method: "GET", url: "/api/profile/me", headers: bearer(member.token) });
    expect(me.json()).toMatchObject({ role: "admin", appId: appA });
  });
});

describe("every team endpoint answers each role as the matrix says", () => {
  it("covers every team permission", () => {
    const covered = new Set(matrixEndpoints.map((endpoint) => endpoint.permission));
    expect(teamPermissions.filter((permission) => !covered.has(permission))).toEqual([]);
  });

  it.each(matrixEndpoints.map((endpoint) => [endpointKey(endpoint), endpoint] as const))(
    "%s",
    async (_, endpoint) => {
      const permission = endpoint.permission as TeamPermission;
      const found: string[] = [];
      for (const [index, role] of memberRoles.entries()) {
        const { url } = await urlOnA(endpoint, removes(endpoint) ? index : 0);
        const allowed = roleAllows(role, permission);
        const headers = members[role].headers;
        counts.matrix += 1;
        if (!allowed) {
          const [body] = bodiesOf(endpoint);
          const response = await send(endpoint, url, headers, body);
          if (!roleRefusal(response)) found.push(`${role} (not allowed): ${describeAnswer(response)}`);
          continue;
        }
        counts.matrixAllowed += 1;
        // Allowed: no refusal for the role, no lost session, no server error, whichever valid body is sent.
        let answered: LightMyRequestResponse | undefined;
        for (const body of bodiesOf(endpoint)) {
          const response = await send(endpoint, url, headers, body);
          if (roleRefusal(response) || response.statusCode === 401 || response.statusCode >= 500) {
            found.push(`${role} (allowed): ${describeAnswer(response)}`);
          }
          answered = response;
          if (response.statusCode !== 400) break;
        }
        if (answered && answered.statusCode < 300) counts.matrixAllowedOk += 1;
      }
      mismatches.push(...found.map((problem) => `${endpointKey(endpoint)} ${problem}`));
      expect(found).toEqual([]);
    },
  );

  it("has 0 mismatches in all", () => {
    expect(counts.matrix).toBe(matrixEndpoints.length * memberRoles.length);
    expect(mismatches).toEqual([]);
  });
});
