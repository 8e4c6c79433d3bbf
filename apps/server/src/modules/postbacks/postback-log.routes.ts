import { postbackEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { getPostback, listPostbacks } from "./postback-log.service.ts";

/** The operator's view of the postback log, scoped to the signed-in administrator. */
export async function postbackLogRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, postbackEndpoints.list, async (request) =>
    listPostbacks(db, currentAppId(request), request.body.queryParams),
  );

  route(app, postbackEndpoints.details, async (request) =>
    found(await getPostback(db, currentAppId(request), request.params.id)),
  );
}
