import { networkEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppSession } from "../../plugins/require-app-user.ts";
import { offerwallsFor } from "./offerwalls.service.ts";

/** The mobile app's side (signed in): the enabled offerwalls' links for the user. */
export async function appNetworkRoutes(app: FastifyInstance) {
  route(app, networkEndpoints.appOfferwalls, async (request) =>
    offerwallsFor(app.deps.db, currentAppSession(request).user),
  );
}
