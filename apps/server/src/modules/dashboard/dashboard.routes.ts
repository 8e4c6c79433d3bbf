import { dashboardEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { getDashboard } from "./dashboard.service.ts";

/**
 * The dashboard's figures: GET /dash?tz=<IANA zone>&range=<period of the "today" widgets>, read from the
 * replica when there is one.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboardEndpoints.figures, async (request) =>
    getDashboard(app.deps.readDb, currentAppId(request), request.query),
  );
}
