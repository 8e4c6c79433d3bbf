import { searchEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { searchApp } from "./search.service.ts";

/** The command palette's search, scoped to the signed-in administrator's app. */
export async function searchRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, searchEndpoints.search, async (request) => ({
    results: await searchApp(db, currentAppId(request), request.query.q),
  }));
}
