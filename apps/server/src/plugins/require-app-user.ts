import { appKeyHeader, messages } from "@rewards/contract";
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { type AppUserRow, admins, appUserColumns, appUserSessions, appUsers } from "../db/schema/index.ts";
import type { AppTokens } from "../lib/app-tokens.ts";
import { bearerToken } from "../lib/bearer-token.ts";
import { AppError } from "../lib/errors.ts";
import { appUserTokenScheme } from "./openapi.ts";

/** The administrator whose app a /app/v1 call belongs to, named by the public app key. */
export type AppTenant = { id: string };
export type { AppUserRow };
/** The signed-in app user and the session their token names. */
export type AppSession = { user: AppUserRow; sessionId: string; reads: Record<string, unknown> };

/**
 * What a signed-in route reads besides its user, in the statement that reads the session (GET /me's
 * summary): one round trip instead of two. `columns` gets the tenant's id column; the token's user id is
 * the placeholder `userId` (it is the session's user whenever the session is live; a refused call's
 * values are dropped). `name` names the prepared statement.
 */
export type AppSessionReads<T extends Record<string, unknown>> = {
  name: string;
  columns: (tenantId: SQLWrapper) => { [K in keyof T]: SQL<T[K]> };
};

declare module "fastify" {
  interface FastifyRequest {
    appTenant: AppTenant | null;
    appSession: AppSession | null;
  }
  interface FastifyContextConfig {
    /** A signed-in app call (set by requireAppUser): its tenant is read with its user. */
    signedInApp?: boolean;
    /** What the route reads with its session (appSessionRead). */
    appSessionReads?: AppSessionReads<Record<string, unknown>>;
  }
}

export function currentAppTenant(request: FastifyRequest): AppTenant {
  if (!request.appTenant) throw new AppError(401, messages.appKeyUnknown);
  return request.appTenant;
}

export function currentAppSession(request: FastifyRequest): AppSession {
  if (!request.appSession) throw new AppError(401, messages.unauthorized);
  return request.appSession;
}

/** What `reads` read with the request's session: the route must name them in its config. */
export function appSessionRead<T extends Record<string, unknown>>(
  request: FastifyRequest,
  reads: AppSessionReads<T>,
): T {
  const session = currentAppSession(request);
  if (request.routeOptions.config.appSessionReads !== reads)
    throw new Error(`the route does not read ${reads.name} with its session`);
  return session.reads as T;
}

/** The app key a call names, trimmed; 401 when it names none. */
function appKeyOf(request: FastifyRequest): string {
  const key = request.headers[appKeyHeader];
  if (typeof key !== "string" || key.trim() === "") throw new AppError(401, messages.appKeyMissing);
  return key.trim();
}

/**
 * The two reads every app call starts with, built once per database and prepared under names (PostgreSQL
 * plans each once per connection): the tenant of an app key, and for the signed-in calls the tenant with
 * the user of a live session in one round trip, with the route's own reads when it names some.
 */
const queriesOf = preparedPerDatabase((db) => {
  const activeKey = and(eq(admins.appKey, sql.placeholder("key")), eq(admins.status, "active"));
  const build = (name: string, reads: AppSessionReads<Record<string, unknown>> | undefined) =>
    db
      .select({ tenantId: admins.id, user: appUserColumns, reads: reads?.columns(admins.id) ?? {} })
      .from(admins)
      .leftJoin(
        appUserSessions,
        and(
          eq(appUserSessions.adminId, admins.id),
          eq(appUserSessions.id, sql.placeholder("sessionId")),
          eq(appUserSessions.userId, sql.placeholder("userId")),
          isNull(appUserSessions.revokedAt),
        ),
      )
      .leftJoin(appUsers, eq(appUsers.id, appUserSessions.userId))
      .where(activeKey)
      .prepare(name);
  const sessionReads = new Map<string, ReturnType<typeof build>>();
  return {
    tenantOfKey: db.select({ id: admins.id }).from(admins).where(activeKey).prepare("app_tenant"),
    /** The session's read, with a route's own reads when it names some; each built at its first call. */
    tenantAndUser(reads?: AppSessionReads<Record<string, unknown>>) {
      const name = reads ? `app_tenant_session_user_${reads.name}` : "app_tenant_session_user";
      let statement = sessionReads.get(name);
      if (!statement) {
        statement = build(name, reads);
        sessionReads.set(name, statement);
      }
      return statement;
    },
  };
});

/** Reads the tenant of the request's app key into request.appTenant; 401 when no active app has it. */
async function readTenant(request: FastifyRequest, db: Db): Promise<AppTenant> {
  const [tenant] = await queriesOf(db).tenantOfKey.execute({ key: appKeyOf(request) });
  if (!tenant) throw new AppError(401, messages.appKeyUnknown);
  request.appTenant = tenant;
  return tenant;
}

/**
 * Every /app/v1 call: the x-app-key header names an active administrator's app. Missing or unknown
 * answers 401 before validation, so a client without a key learns what to send. A signed-in call's
 * tenant is read with its user, by requireAppUser.
 */
export function resolveAppTenant(app: FastifyInstance, db: Db) {
  app.decorateRequest("appTenant", null);
  app.decorateRequest("appSession", null);
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config.signedInApp) {
      appKeyOf(request);
      return;
    }
    await readTenant(request, db);
  });
}

/**
 * The signed-in app calls: a valid app token (its own audience: an administrator's token is refused)
 * of this tenant, whose session has not been signed out. A banned user still reads their own data;
 * the calls that would act (sign-in, redeem) refuse them. The tenant and the session's user are one read.
 */
export function requireAppUser(app: FastifyInstance, { db, tokens }: { db: Db; tokens: AppTokens }) {
  // The OpenAPI document marks these routes as needing an app user's token; resolveAppTenant leaves
  // their tenant to this hook.
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, security: [{ [appUserTokenScheme]: [] }] };
    route.config = { ...route.config, signedInApp: true };
  });
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) {
      // An unknown key answers as such whatever the token.
      await readTenant(request, db);
      throw new AppError(401, messages.unauthorized);
    }
    const [row] = await queriesOf(db)
      .tenantAndUser(request.routeOptions.config.appSessionReads)
      .execute({
        key: appKeyOf(request),
        sessionId: claims.sessionId,
        userId: claims.userId,
      });
    if (!row) throw new AppError(401, messages.appKeyUnknown);
    request.appTenant = { id: row.tenantId };
    if (!row.user || claims.adminId !== row.tenantId) throw new AppError(401, messages.unauthorized);
    request.appSession = { user: row.user, sessionId: claims.sessionId, reads: row.reads };
  });
}
