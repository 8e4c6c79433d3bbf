import { appKeyHeader, messages } from "@rewards/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import { type AppUserRow, admins, appUserColumns, appUserSessions, appUsers } from "../db/schema/index.ts";
import type { AppTokens } from "../lib/app-tokens.ts";
import { bearerToken } from "../lib/bearer-token.ts";
import { AppError } from "../lib/errors.ts";
import { appUserTokenScheme } from "./openapi.ts";

/** The administrator whose app a /app/v1 call belongs to, named by the public app key. */
export type AppTenant = { id: string };
export type { AppUserRow };
/** The signed-in app user and the session their token names. */
export type AppSession = { user: AppUserRow; sessionId: string };

declare module "fastify" {
  interface FastifyRequest {
    appTenant: AppTenant | null;
    appSession: AppSession | null;
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

/**
 * Every /app/v1 call: the x-app-key header names an active administrator's app. Missing or unknown
 * answers 401 before validation, so a client without a key learns what to send.
 */
export function resolveAppTenant(app: FastifyInstance, db: Db) {
  app.decorateRequest("appTenant", null);
  app.decorateRequest("appSession", null);
  // Every app call runs it: built once and prepared under a name (PostgreSQL plans it once per connection).
  const tenantOfKey = db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.appKey, sql.placeholder("key")), eq(admins.status, "active")))
    .prepare("app_tenant");
  app.addHook("onRequest", async (request) => {
    const key = request.headers[appKeyHeader];
    if (typeof key !== "string" || key.trim() === "") throw new AppError(401, messages.appKeyMissing);
    const [tenant] = await tenantOfKey.execute({ key: key.trim() });
    if (!tenant) throw new AppError(401, messages.appKeyUnknown);
    request.appTenant = tenant;
  });
}

/**
 * The signed-in app calls: a valid app token (its own audience: an administrator's token is refused)
 * of this tenant, whose session has not been signed out. A banned user still reads their own data;
 * the calls that would act (sign-in, redeem) refuse them.
 */
export function requireAppUser(app: FastifyInstance, { db, tokens }: { db: Db; tokens: AppTokens }) {
  // The OpenAPI document marks these routes as needing an app user's token.
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, security: [{ [appUserTokenScheme]: [] }] };
  });
  // The signed-in user of a live session, built once and prepared under a name like the tenant's read.
  const sessionUser = db
    .select({ user: appUserColumns })
    .from(appUserSessions)
    .innerJoin(appUsers, eq(appUsers.id, appUserSessions.userId))
    .where(
      and(
        eq(appUserSessions.id, sql.placeholder("sessionId")),
        eq(appUserSessions.userId, sql.placeholder("userId")),
        eq(appUserSessions.adminId, sql.placeholder("adminId")),
        isNull(appUserSessions.revokedAt),
      ),
    )
    .prepare("app_session_user");
  app.addHook("onRequest", async (request) => {
    const tenant = currentAppTenant(request);
    const token = bearerToken(request);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims || claims.adminId !== tenant.id) throw new AppError(401, messages.unauthorized);
    const [row] = await sessionUser.execute({
      sessionId: claims.sessionId,
      userId: claims.userId,
      adminId: tenant.id,
    });
    if (!row) throw new AppError(401, messages.unauthorized);
    request.appSession = { user: row.user, sessionId: claims.sessionId };
  });
}
