import {
  adminListAnswerSchema,
  adminSchema,
  adminStateBodySchema,
  adminStatuses,
  errorAnswerSchema,
  idParamsSchema,
  maxPageSize,
  messages,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors.ts";
import { requireOwner } from "../../plugins/require-admin.ts";
import { listAdmins, setAdminState } from "./admins.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema };

const listQuerySchema = z.strictObject({
  status: z.enum(adminStatuses).optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(maxPageSize),
});

/** Owner-only management of administrator accounts (DECISIONS "Names fixed": owner API). */
export async function adminsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/admins",
    {
      schema: {
        tags: ["admins"],
        summary: "List administrator accounts (owner only)",
        querystring: listQuerySchema,
        response: { 200: adminListAnswerSchema, ...errors },
      },
    },
    async (request) => {
      requireOwner(request);
      return listAdmins(app.deps.db, request.query);
    },
  );

  api.put(
    "/admins/:id/state",
    {
      schema: {
        tags: ["admins"],
        summary: "Approve or disable an administrator (owner only)",
        params: idParamsSchema,
        body: adminStateBodySchema,
        response: { 200: adminSchema, ...errors, 404: errorAnswerSchema, 409: errorAnswerSchema },
      },
    },
    async (request) => {
      const owner = requireOwner(request);
      const admin = await setAdminState(app.deps.db, request.params.id, request.body.status, owner.id);
      if (!admin) throw new AppError(404, messages.notFound);
      return admin;
    },
  );
}
