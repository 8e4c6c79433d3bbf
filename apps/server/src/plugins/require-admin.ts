import { messages } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors.ts";
import type { AdminRow, AuthService } from "../modules/auth/auth.service.ts";
import { adminTokenScheme } from "./openapi.ts";

declare module "fastify" {
  interface FastifyRequest {
    admin: AdminRow | null;
  }
}

/** The signed-in administrator of a guarded request. */
export function currentAdmin(request: FastifyRequest): AdminRow {
  if (!request.admin) throw new AppError(401, messages.unauthorized);
  return request.admin;
}

/** Guards every route of the context it is added to: a valid Bearer token of an active account. */
export function requireAdmin(app: FastifyInstance, auth: AuthService) {
  // The OpenAPI document marks every guarded route as needing the token.
  app.addHook("onRoute", (route) => {
    route.schema = { ...route.schema, security: [{ [adminTokenScheme]: [] }] };
  });
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const admin = match?.[1] ? await auth.authenticate(match[1]) : null;
    if (!admin) throw new AppError(401, messages.unauthorized);
    request.admin = admin;
  });
}

export function requireOwner(request: FastifyRequest): AdminRow {
  const admin = currentAdmin(request);
  if (admin.role !== "owner") throw new AppError(403, messages.ownerOnly);
  return admin;
}
