import { postbackEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { getPostback, listPostbacks } from "./postback-log.service.ts";

/** The operator's view of the postback log, scoped to the signed-in administrator. */
export async function postbackLogRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, postbackEndpoints.list, async (request) =>
    listPostbacks(db, currentAdmin(request).id, request.body.queryParams),
  );

  route(app, postbackEndpoints.details, async (request) =>
    found(await getPostback(db, currentAdmin(request).id, request.params.id)),
  );
}
