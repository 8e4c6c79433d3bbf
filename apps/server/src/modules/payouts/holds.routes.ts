import { payoutEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import { extendHold, listUserHolds, releaseHoldByHand } from "./holds.service.ts";

/** Held credits by hand: a user's holds, releasing one now, holding one longer. */
export function holdsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, payoutEndpoints.userHolds, async (request) =>
    found(await listUserHolds(db, currentAppId(request), request.params.id)),
  );

  route(app, payoutEndpoints.releaseHold, async (request) =>
    found(await releaseHoldByHand(db, actorOf(request), request.params.holdId)),
  );

  route(app, payoutEndpoints.extendHold, async (request) =>
    found(await extendHold(db, actorOf(request), request.params.holdId, request.body.days)),
  );
}
