import { appGiveawaySchema, appHeadersSchema, appInfoSchema, errorAnswerSchema } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAppTenant } from "../../plugins/require-app-user.ts";
import { appGiveaway, appInfo } from "./app-info.service.ts";

/** Public app settings and the giveaway: the app key is enough, so they show before sign-in. */
export async function appInfoRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    "/app",
    {
      schema: {
        tags: ["app"],
        summary: "Public app settings: name, logo, point rules, social pages, native ads",
        headers: appHeadersSchema,
        response: { 200: appInfoSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => appInfo(db, currentAppTenant(request).id),
  );

  api.get(
    "/giveaway",
    {
      schema: {
        tags: ["app"],
        summary: "The giveaway and the winners announcement",
        headers: appHeadersSchema,
        response: { 200: appGiveawaySchema, 401: errorAnswerSchema },
      },
    },
    async (request) => appGiveaway(db, currentAppTenant(request).id),
  );
}
