import { settingsEndpoints } from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { currentAppTenant } from "../../plugins/require-app-user.ts";
import { appInfo } from "./app-info.service.ts";

/** The mobile app's side: its public settings, shown before sign-in (the app key is enough). */
export async function appInfoRoutes(app: FastifyInstance) {
  route(app, settingsEndpoints.appInfo, async (request) =>
    appInfo(app.deps.db, currentAppTenant(request).id),
  );
}
