import { auditEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { currentAppId } from "../../plugins/require-admin.ts";
import { listAudit, listAuditActors, recordHistory } from "./audit.service.ts";

/** The audit log ("Activity"): who changed what and when, scoped to the signed-in administrator. */
export async function auditRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, auditEndpoints.list, async (request) =>
    listAudit(db, currentAppId(request), request.body.queryParams),
  );

  route(app, auditEndpoints.actors, async (request) => listAuditActors(db, currentAppId(request)));

  // A record without entries in the caller's tenant is a missing history, as another tenant's id is.
  route(app, auditEndpoints.recordHistory, async (request) =>
    found(await recordHistory(db, currentAppId(request), request.params.id, request.query)),
  );
}
