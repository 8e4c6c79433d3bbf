import { analyticsEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { getAnalytics } from "./analytics.service.ts";

/** Analytics of the signed-in administrator's app. */
export async function analyticsRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  route(app, analyticsEndpoints.report, async (request) =>
    getAnalytics(db, currentAppId(request), request.query),
  );
}
