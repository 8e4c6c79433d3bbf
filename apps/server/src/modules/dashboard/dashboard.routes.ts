import { dashboardQuerySchema, dashboardSchema, errorAnswerSchema } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { getDashboard } from "./dashboard.service.ts";

/** SPEC 7 "Dashboard": GET /api/dash?tz=<IANA zone>&range=<period of the "today" widgets>. */
export async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/dash",
    {
      schema: {
        tags: ["dashboard"],
        summary: "Dashboard figures for a time zone and period",
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, 400: errorAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => getDashboard(app.deps.db, currentAdmin(request).id, request.query),
  );
}
