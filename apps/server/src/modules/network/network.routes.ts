import {
  isConfigNetwork,
  isNativeAdsNetwork,
  messages,
  networkEndpoints,
  roleAllows,
} from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { found } from "../../lib/tenant-scope.ts";
import { actorOf, currentApp, ownAppId } from "../../plugins/require-admin.ts";
import { createNativeAds, getNativeAds, updateNativeAds } from "./native-ads.service.ts";
import {
  createNetworkConfig,
  getNetworkConfig,
  type NetworkOwner,
  type NetworkWriter,
  updateNetworkConfig,
} from "./network.service.ts";

/** An unknown network name is a missing page, not a bad request. */
function knownName<N extends string>(name: string, known: (name: string) => name is N): N {
  if (!known(name)) throw new AppError(404, messages.unknownNetwork);
  return name;
}

/** Per-app configs of the ad networks and of native ads. */
export async function networkRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  const owner = (request: FastifyRequest): NetworkOwner => {
    const acting = currentApp(request);
    return {
      adminId: acting.id,
      postbackKey: acting.postbackKey,
      publicUrl: config.publicUrl,
      readsSecrets: roleAllows(acting.role, "settings.write"),
    };
  };
  const writer = (request: FastifyRequest): NetworkWriter => ({ ...owner(request), actor: actorOf(request) });

  route(app, networkEndpoints.details, async (request) => {
    ownAppId(request, request.params.adminId);
    return getNetworkConfig(db, owner(request), knownName(request.params.name, isConfigNetwork));
  });

  route(app, networkEndpoints.create, async (request) => ({
    network: await createNetworkConfig(db, writer(request), request.body),
  }));

  route(app, networkEndpoints.update, async (request) =>
    found(await updateNetworkConfig(db, writer(request), request.params.id, request.body)),
  );

  route(app, networkEndpoints.nativeAdsDetails, async (request) => {
    const adminId = ownAppId(request, request.params.adminId);
    return getNativeAds(db, adminId, knownName(request.params.name, isNativeAdsNetwork));
  });

  route(app, networkEndpoints.nativeAdsCreate, async (request) => ({
    nativeAds: await createNativeAds(db, actorOf(request), request.body),
  }));

  route(app, networkEndpoints.nativeAdsUpdate, async (request) =>
    found(await updateNativeAds(db, actorOf(request), request.params.id, request.body)),
  );
}
