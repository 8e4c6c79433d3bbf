import type { FastifyInstance } from "fastify";
import type { AppTokens } from "../../lib/app-tokens.ts";
import type { Guards } from "../../lib/rate-limit.ts";
import { requireAppUser, resolveAppTenant } from "../../plugins/require-app-user.ts";
import { appInfoRoutes } from "./app-info.routes.ts";
import { appAuthRoutes, appSignOutRoutes } from "./auth.routes.ts";
import { createAppAuthService } from "./auth.service.ts";
import { appCatalogRoutes } from "./catalog.routes.ts";
import { appMeRoutes } from "./me.routes.ts";
import { appOfferwallsRoutes } from "./offerwalls.routes.ts";
import { appRedeemsRoutes } from "./redeems.routes.ts";

export type AppApiOptions = { tokens: AppTokens; guards: Guards; ipDataBaseUrl: string };

/**
 * The mobile app's API (registered under /app/v1): every call names its tenant by the x-app-key
 * header; the signed-in calls also need an app user's token, which never opens /api.
 */
export async function appApiRoutes(app: FastifyInstance, { tokens, guards, ipDataBaseUrl }: AppApiOptions) {
  const { db } = app.deps;
  resolveAppTenant(app, db);
  const auth = createAppAuthService({ db, tokens, ipDataBaseUrl });

  await app.register(appAuthRoutes, { auth, guards });
  await app.register(appInfoRoutes);
  await app.register(async (signedIn) => {
    requireAppUser(signedIn, { db, tokens });
    await signedIn.register(appSignOutRoutes, { auth });
    await signedIn.register(appMeRoutes);
    await signedIn.register(appCatalogRoutes);
    await signedIn.register(appRedeemsRoutes, { ipDataBaseUrl });
    await signedIn.register(appOfferwallsRoutes);
  });
}
