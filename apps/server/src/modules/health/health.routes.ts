import { errorAnswerSchema } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { pingDatabase } from "../../db/client.ts";

/** Liveness and readiness in one: answers 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(
    "/healthz",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and readiness: 200 when the database answers, 503 when it does not",
        response: { 200: z.object({ status: z.literal("ok") }), 503: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.deps.db);
        return { status: "ok" };
      } catch (error) {
        request.log.warn({ err: error }, "health check: database unreachable");
        return reply
          .code(503)
          .send({ statusCode: 503, error: "Service Unavailable", message: "Database unreachable" });
      }
    },
  );
}
