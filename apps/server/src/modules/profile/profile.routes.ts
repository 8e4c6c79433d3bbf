import { errorAnswerSchema, profileSchema } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { toProfile } from "../auth/auth.service.ts";

export async function profileRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/profile/me",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in administrator's profile",
        response: { 200: profileSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => toProfile(currentAdmin(request)),
  );
}
