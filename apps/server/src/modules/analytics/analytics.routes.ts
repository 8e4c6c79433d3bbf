import { analyticsEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { foldOfferRollups } from "../../db/offer-rollups.ts";
import { route } from "../../lib/route.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { getAnalytics } from "./analytics.service.ts";

/**
 * Analytics of the signed-in administrator's app, read from the replica when there is one, after the
 * app's queued changes of offers are folded in on the primary (foldOfferRollups, `forApp`).
 */
export async function analyticsRoutes(app: FastifyInstance) {
  const { db, readDb } = app.deps;
  route(app, analyticsEndpoints.report, async (request) => {
    const appId = currentAppId(request);
    await foldOfferRollups(db, { forApp: appId });
    return getAnalytics(readDb, appId, request.query);
  });
}
