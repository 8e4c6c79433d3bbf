import type { FastifyInstance } from "fastify";
import type { AppTokens } from "../../lib/app-tokens.ts";
import type { Guards } from "../../lib/rate-limit.ts";
import { requireAppUser, resolveAppTenant } from "../../plugins/require-app-user.ts";
import { appUserRoutes, appUserSignedInRoutes, createAppAuthService } from "../app-users/index.ts";
import { appCatalogRoutes } from "../catalog/index.ts";
import { appGiveawayRoutes } from "../giveaway/index.ts";
import { appNetworkRoutes } from "../network/index.ts";
import { redeemAppRoutes } from "../redeems/index.ts";
import { appInfoRoutes } from "../settings/index.ts";

export type AppApiOptions = { tokens: AppTokens; guards: Guards; ipDataBaseUrl: string };

/**
 * The mobile app's API (registered under /app/v1): every call names its tenant by the x-app-key
 * header; the signed-in calls also need an app user's token, which never opens /api.
 */
export async function appApiRoutes(app: FastifyInstance, { tokens, guards, ipDataBaseUrl }: AppApiOptions) {
  const { db } = app.deps;
  resolveAppTenant(app, db);
  const auth = createAppAuthService({ db, tokens, ipDataBaseUrl });

  await app.register(appUserRoutes, { auth, guards });
  await app.register(appInfoRoutes);
  await app.register(appGiveawayRoutes);
  await app.register(async (signedIn) => {
    requireAppUser(signedIn, { db, tokens });
    await signedIn.register(appUserSignedInRoutes, { auth });
    await signedIn.register(appCatalogRoutes);
    await signedIn.register(redeemAppRoutes, { ipDataBaseUrl });
    await signedIn.register(appNetworkRoutes);
  });
}
