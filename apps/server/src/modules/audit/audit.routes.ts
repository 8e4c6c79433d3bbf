import {
  auditHistoryQuerySchema,
  auditListAnswerSchema,
  auditListBodySchema,
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { listAudit, recordHistory } from "./audit.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** The audit log ("Activity"): who changed what and when, scoped to the signed-in administrator. */
export async function auditRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/audit",
    {
      schema: {
        tags: ["audit"],
        summary: "List the activity (audit log)",
        querystring: listQuerystringSchema,
        body: auditListBodySchema,
        response: { 200: auditListAnswerSchema, ...errors },
      },
    },
    async (request) => listAudit(db, currentAdmin(request).id, request.body.queryParams),
  );

  // A record without entries in the caller's tenant is a missing history, as another tenant's id is.
  api.get(
    "/audit/record/:id",
    {
      schema: {
        tags: ["audit"],
        summary: "The history of one record",
        params: idParamsSchema,
        querystring: auditHistoryQuerySchema,
        response: { 200: auditListAnswerSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) =>
      found(await recordHistory(db, currentAdmin(request).id, request.params.id, request.query)),
  );
}
