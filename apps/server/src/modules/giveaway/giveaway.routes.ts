import { giveawayEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, ownAppId } from "../../plugins/require-admin.ts";
import { createGiveaway, getGiveaway, updateGiveaway } from "./giveaway.service.ts";

/** One giveaway and winner announcement per app, scoped to the signed-in administrator's app. */
export async function giveawayRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, giveawayEndpoints.details, async (request) =>
    getGiveaway(db, ownAppId(request, request.params.adminId)),
  );

  route(app, giveawayEndpoints.create, async (request) => ({
    giveaway: await createGiveaway(db, actorOf(request), request.body),
  }));

  route(app, giveawayEndpoints.update, async (request) =>
    found(await updateGiveaway(db, actorOf(request), request.params.id, request.body)),
  );
}
