import { messages, viewEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { actorOf } from "../../plugins/require-admin.ts";
import { createView, deleteView, listViews } from "./views.service.ts";

/** Saved views of the lists, for the signed-in member in the session's app. */
export async function viewsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, viewEndpoints.list, async (request) => ({
    views: await listViews(db, actorOf(request), request.query.list),
  }));

  route(app, viewEndpoints.create, async (request, reply) => {
    const view = await createView(db, actorOf(request), request.body);
    reply.code(201);
    return view;
  });

  route(app, viewEndpoints.delete, async (request, reply) => {
    const deleted = await deleteView(db, actorOf(request), request.params.id);
    if (!deleted) throw new AppError(404, messages.notFound);
    return reply.code(204).send();
  });
}
