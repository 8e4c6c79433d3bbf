import { analyticsEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { getAnalytics } from "./analytics.service.ts";

/** Analytics of the signed-in administrator's app, read from the replica when there is one. */
export async function analyticsRoutes(app: FastifyInstance) {
  const { readDb } = app.deps;
  route(app, analyticsEndpoints.report, async (request) =>
    getAnalytics(readDb, currentAppId(request), request.query),
  );
}
