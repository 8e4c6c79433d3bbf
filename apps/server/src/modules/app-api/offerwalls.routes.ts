import { appOfferwallsAnswerSchema, appSignedInHeadersSchema, errorAnswerSchema } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAppSession } from "../../plugins/require-app-user.ts";
import { offerwallsFor } from "./offerwalls.ts";

/** The enabled offerwalls' links for the signed-in user. */
export async function appOfferwallsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/offerwalls",
    {
      schema: {
        tags: ["app"],
        summary: "Links to the enabled offerwalls, with my user id in place",
        headers: appSignedInHeadersSchema,
        response: { 200: appOfferwallsAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => offerwallsFor(app.deps.db, currentAppSession(request).user),
  );
}
