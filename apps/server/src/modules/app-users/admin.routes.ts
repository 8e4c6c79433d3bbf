import { appUserEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import {
  changeAppUsersStatus,
  getAppUser,
  getAppUserDetails,
  listAppUsers,
  updateAppUser,
} from "./app-users.service.ts";

/** The Users screen: the app's users, scoped to the signed-in administrator. */
export async function appUsersAdminRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  route(app, appUserEndpoints.list, async (request) =>
    listAppUsers(db, currentAdmin(request).id, request.body.queryParams),
  );

  route(app, appUserEndpoints.changeStatus, async (request) =>
    changeAppUsersStatus(db, currentAdmin(request).id, request.body.ids, request.body.status),
  );

  route(app, appUserEndpoints.details, async (request) =>
    found(await getAppUserDetails(db, currentAdmin(request).id, request.params.id)),
  );

  route(app, appUserEndpoints.one, async (request) =>
    found(await getAppUser(db, currentAdmin(request).id, request.params.id)),
  );

  route(app, appUserEndpoints.update, async (request) =>
    found(await updateAppUser(db, { adminId: currentAdmin(request).id }, request.params.id, request.body)),
  );
}
