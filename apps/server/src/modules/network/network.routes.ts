import {
  errorAnswerSchema,
  idParamsSchema,
  isConfigNetwork,
  isNativeAdsNetwork,
  messages,
  nativeAdsBodySchema,
  nativeAdsCreatedSchema,
  nativeAdsSchema,
  networkBodySchema,
  networkConfigSchema,
  networkCreatedSchema,
  networkParamsSchema,
} from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { found, ownAdminId } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { createNativeAds, getNativeAds, updateNativeAds } from "./native-ads.service.ts";
import {
  createNetworkConfig,
  getNetworkConfig,
  type NetworkOwner,
  updateNetworkConfig,
} from "./network.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const readErrors = { ...errors, 403: errorAnswerSchema, 404: errorAnswerSchema };

/** An unknown network name is a missing page, not a bad request (issue 6). */
function knownName<N extends string>(name: string, known: (name: string) => name is N): N {
  if (!known(name)) throw new AppError(404, messages.unknownNetwork);
  return name;
}

/** SPEC 7 "Network and native ads": per-tenant configs of the ad networks. */
export async function networkRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const owner = (request: FastifyRequest): NetworkOwner => {
    const admin = currentAdmin(request);
    return { adminId: admin.id, postbackKey: admin.postbackKey, publicUrl: config.publicUrl };
  };

  api.get(
    "/network/:name/:adminId",
    {
      schema: {
        tags: ["network"],
        summary: "An ad network's config with its postback URL",
        params: networkParamsSchema,
        response: { 200: networkConfigSchema, ...readErrors },
      },
    },
    async (request) => {
      ownAdminId(request, request.params.adminId);
      return getNetworkConfig(db, owner(request), knownName(request.params.name, isConfigNetwork));
    },
  );

  api.post(
    "/network/",
    {
      schema: {
        tags: ["network"],
        summary: "Save an ad network's config for the first time",
        body: networkBodySchema,
        response: { 200: networkCreatedSchema, ...errors, 409: errorAnswerSchema },
      },
    },
    async (request) => ({ network: await createNetworkConfig(db, owner(request), request.body) }),
  );

  api.put(
    "/network/:id",
    {
      schema: {
        tags: ["network"],
        summary: "Update an ad network's config",
        params: idParamsSchema,
        body: networkBodySchema,
        response: { 200: networkConfigSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => found(await updateNetworkConfig(db, owner(request), request.params.id, request.body)),
  );

  api.get(
    "/nativeAds/:name/:adminId",
    {
      schema: {
        tags: ["network"],
        summary: "A native ads config",
        params: networkParamsSchema,
        response: { 200: nativeAdsSchema, ...readErrors },
      },
    },
    async (request) => {
      const adminId = ownAdminId(request, request.params.adminId);
      return getNativeAds(db, adminId, knownName(request.params.name, isNativeAdsNetwork));
    },
  );

  api.post(
    "/nativeAds/",
    {
      schema: {
        tags: ["network"],
        summary: "Save a native ads config for the first time",
        body: nativeAdsBodySchema,
        response: { 200: nativeAdsCreatedSchema, ...errors, 409: errorAnswerSchema },
      },
    },
    async (request) => ({ nativeAds: await createNativeAds(db, currentAdmin(request).id, request.body) }),
  );

  api.put(
    "/nativeAds/:id",
    {
      schema: {
        tags: ["network"],
        summary: "Update a native ads config",
        params: idParamsSchema,
        body: nativeAdsBodySchema,
        response: { 200: nativeAdsSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) =>
      found(await updateNativeAds(db, currentAdmin(request).id, request.params.id, request.body)),
  );
}
