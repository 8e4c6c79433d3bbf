import { dashboardEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { foldOfferRollups } from "../../db/offer-rollups.ts";
import { route } from "../../lib/route.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { getDashboard } from "./dashboard.service.ts";

/**
 * The dashboard's figures: GET /dash?tz=<IANA zone>&range=<period of the "today" widgets>, read from the
 * replica when there is one, after its app's queued changes of offers are folded in on the primary
 * (foldOfferRollups, `forApp`).
 */
export async function dashboardRoutes(app: FastifyInstance) {
  route(app, dashboardEndpoints.figures, async (request) => {
    const appId = currentAppId(request);
    await foldOfferRollups(app.deps.db, { forApp: appId });
    return getDashboard(app.deps.readDb, appId, request.query);
  });
}
