import { messages, systemEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { pingDatabase } from "../../db/client.ts";
import { route } from "../../lib/route.ts";
import { errorAnswer } from "../../plugins/error-handler.ts";

/** Liveness and readiness in one: answers 200 only when the database answers. */
export async function healthRoutes(app: FastifyInstance) {
  route(app, systemEndpoints.health, async (request, reply) => {
    try {
      await pingDatabase(app.deps.db);
      return { status: "ok" as const };
    } catch (error) {
      request.log.warn({ err: error }, "health check: database unreachable");
      return reply.code(503).send(errorAnswer(503, messages.databaseUnavailable));
    }
  });
}
