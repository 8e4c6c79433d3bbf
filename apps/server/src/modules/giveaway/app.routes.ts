import { giveawayEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppTenant } from "../../plugins/require-app-user.ts";
import { appGiveaway } from "./giveaway.service.ts";

/** The mobile app's giveaway: the app key is enough, so it shows before sign-in. */
export async function appGiveawayRoutes(app: FastifyInstance) {
  route(app, giveawayEndpoints.appShow, async (request) =>
    appGiveaway(app.deps.db, currentAppTenant(request).id),
  );
}
