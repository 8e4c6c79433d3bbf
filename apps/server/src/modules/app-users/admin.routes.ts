import { appUserEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentAppId } from "../../plugins/require-admin.ts";
import { pointsHistory } from "../ledger/index.ts";
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
    listAppUsers(db, currentAppId(request), request.body.queryParams),
  );

  route(app, appUserEndpoints.changeStatus, async (request) =>
    changeAppUsersStatus(db, actorOf(request), request.body.ids, request.body.status),
  );

  route(app, appUserEndpoints.details, async (request) =>
    found(await getAppUserDetails(db, currentAppId(request), request.params.id)),
  );

  route(app, appUserEndpoints.pointsHistory, async (request) =>
    found(await pointsHistory(db, currentAppId(request), request.params.id, request.body.queryParams)),
  );

  route(app, appUserEndpoints.one, async (request) =>
    found(await getAppUser(db, currentAppId(request), request.params.id)),
  );

  route(app, appUserEndpoints.update, async (request) =>
    found(await updateAppUser(db, actorOf(request), request.params.id, request.body)),
  );
}
