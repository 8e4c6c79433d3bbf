import { offerEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { getOfferDetails, listOffers } from "./offers.service.ts";

/** Completed offers, scoped to the signed-in administrator's app. */
export async function offersRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, offerEndpoints.list, async (request) =>
    listOffers(db, currentAppId(request), request.body.queryParams),
  );

  route(app, offerEndpoints.details, async (request) =>
    found(await getOfferDetails(db, currentAppId(request), request.params.id)),
  );
}
