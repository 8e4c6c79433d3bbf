import { type AppKeyAnswer, appKeyAnswerSchema, appKeyHeader, errorAnswerSchema } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/require-admin.ts";

/** Dashboard side (/api): the signed-in operator's app key, to build into their app. */
export async function appKeyRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/app-key",
    {
      schema: {
        tags: ["app"],
        summary: "My app's public key, sent by the app as the x-app-key header",
        response: { 200: appKeyAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request): Promise<AppKeyAnswer> => ({
      appKey: currentAdmin(request).appKey,
      header: appKeyHeader,
    }),
  );
}
