import { rewardEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppSession } from "../../plugins/require-app-user.ts";
import { catalogFor } from "./app-catalog.service.ts";

/** The mobile app's catalog: the rewards of the signed-in user's country (registered behind requireAppUser). */
export async function appCatalogRoutes(app: FastifyInstance) {
  route(app, rewardEndpoints.appList, async (request) => {
    const { user } = currentAppSession(request);
    return catalogFor(app.deps.db, user.adminId, user.geo);
  });
}
