import { appCatalogAnswerSchema, appSignedInHeadersSchema, errorAnswerSchema } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAppSession } from "../../plugins/require-app-user.ts";
import { catalogFor } from "./catalog.service.ts";

/** The reward catalog for the signed-in user's country. */
export async function appCatalogRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/rewards",
    {
      schema: {
        tags: ["app"],
        summary: "Rewards of my country and Worldwide, with their items",
        headers: appSignedInHeadersSchema,
        response: { 200: appCatalogAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      const { user } = currentAppSession(request);
      return catalogFor(app.deps.db, user.adminId, user.geo);
    },
  );
}
