import { adminEndpoints, messages } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { listAdmins, setAdminState } from "./admins.service.ts";
import { readSecuritySettings, saveSecuritySettings } from "./security.service.ts";

/** The owner's management of administrator accounts and of the installation's sign-in rules. */
export async function adminsRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  // Every call here is the installation owner's: the guard refuses anyone else (permission "installation").
  route(app, adminEndpoints.list, async (request) => listAdmins(db, request.query));

  route(app, adminEndpoints.changeState, async (request) => {
    const owner = currentAdmin(request);
    const admin = await setAdminState(db, request.params.id, request.body.status, owner.id);
    if (!admin) throw new AppError(404, messages.notFound);
    return admin;
  });

  route(app, adminEndpoints.security, async () => readSecuritySettings(db));

  route(app, adminEndpoints.saveSecurity, async (request) =>
    saveSecuritySettings(db, currentAdmin(request), request.body),
  );
}
