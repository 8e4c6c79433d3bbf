import {
  type Language,
  messages,
  type Permission,
  roleAllows,
  type TeamPermission,
  teamPermissions,
} from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Actor } from "../lib/audit.ts";
import { bearerToken } from "../lib/bearer-token.ts";
import { AppError } from "../lib/errors.ts";
import { languageOf } from "../lib/language.ts";
import type { ActingApp, AdminRow, AuthService } from "../modules/auth/index.ts";
import { adminTokenScheme } from "./openapi.ts";

declare module "fastify" {
  interface FastifyRequest {
    admin: AdminRow | null;
    /** The app the request acts in, and the member's role there. */
    actingApp: ActingApp | null;
    /** The server-side session the request's token names, and whether the installation requires 2FA. */
    adminSession: { id: string; mfaRequired: boolean } | null;
  }
  interface FastifyContextConfig {
    /**
     * Open to an administrator who must still turn 2FA on (the installation requires it): the calls
     * that enrolment, the profile and signing out need. Every other guarded route answers 403.
     */
    beforeMfaEnrolment?: boolean;
  }
}

/** The signed-in administrator of a guarded request. */
export function currentAdmin(request: FastifyRequest): AdminRow {
  if (!request.admin) throw new AppError(401, messages.unauthorized);
  return request.admin;
}

/** The language of the signed-in member's e-mails: the one they chose, else the dashboard's (Accept-Language). */
export const memberLanguage = (request: FastifyRequest): Language =>
  languageOf(currentAdmin(request).language, request.headers["accept-language"]);

/** The app a guarded request acts in (taken from its session), with its keys and the member's role. */
export function currentApp(request: FastifyRequest): ActingApp {
  if (!request.actingApp) throw new AppError(401, messages.unauthorized);
  return request.actingApp;
}

/** The id every app-scoped read and write of a guarded request is scoped by. */
export const currentAppId = (request: FastifyRequest): string => currentApp(request).id;

/** Who a guarded request's writes are made by: the signed-in member, in the session's app. */
export function actorOf(request: FastifyRequest): Actor {
  const app = currentApp(request);
  return { appId: app.id, accountId: currentAdmin(request).id, role: app.role };
}

/** A path `{adminId}` names the app (its owner's account id) and must be the caller's: another answers 403. */
export function ownAppId(request: FastifyRequest, pathAppId: string): string {
  const appId = currentAppId(request);
  if (pathAppId !== appId) throw new AppError(403, messages.forbidden);
  return appId;
}

/** The session of a guarded request. */
export function currentSession(request: FastifyRequest): { id: string; mfaRequired: boolean } {
  if (!request.adminSession) throw new AppError(401, messages.unauthorized);
  return request.adminSession;
}

/**
 * Guards every route of the context it is added to: a valid Bearer token of an active account whose
 * session has not ended. When the installation requires 2FA and the account has none yet, only the
 * routes marked `beforeMfaEnrolment` open.
 */
export function requireAdmin(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest("adminSession", null);
  app.decorateRequest("actingApp", null);
  // The OpenAPI document marks every guarded route as needing the token.
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, security: [{ [adminTokenScheme]: [] }] };
    // A guarded route serves a team permission, the caller's own account, or the installation's owner.
    const permission = route.config?.endpoint?.permission;
    if (!permission || !signedInPermissions.has(permission)) {
      throw new Error(`${route.url} is behind the administrator's token but its permission is ${permission}`);
    }
  });
  app.addHook("onRequest", async (request) => {
    const token = bearerToken(request);
    const signedIn = token ? await auth.authenticateSession(token) : null;
    if (!signedIn) throw new AppError(401, messages.unauthorized);
    request.admin = signedIn.admin;
    request.actingApp = signedIn.app;
    request.adminSession = { id: signedIn.sessionId, mfaRequired: signedIn.mfaRequired };
    if (
      signedIn.mfaRequired &&
      !signedIn.admin.mfaEnabledAt &&
      !request.routeOptions.config.beforeMfaEnrolment
    ) {
      throw new AppError(403, messages.mfaEnrolmentRequired);
    }
    const permission = request.routeOptions.config.endpoint?.permission;
    if (permission === "installation" && signedIn.admin.role !== "owner") {
      throw new AppError(403, messages.ownerOnly);
    }
    if (isTeamPermission(permission) && !roleAllows(signedIn.app.role, permission)) {
      throw new AppError(403, messages.roleForbidden);
    }
  });
}

/**
 * What a guarded route may ask for: a team permission (docs/features/team.md), the caller's own account,
 * or the installation owner's calls.
 */
const signedInPermissions = new Set<Permission>([...teamPermissions, "account", "installation"]);

const isTeamPermission = (permission: Permission | undefined): permission is TeamPermission =>
  (teamPermissions as readonly string[]).includes(permission ?? "");
