import { errorAnswerSchema, idParamsSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { appOfferwallsAnswerSchema, appSignedInHeadersSchema } from "../resources/app-api.ts";
import { nativeAdsBodySchema, nativeAdsCreatedSchema, nativeAdsSchema } from "../resources/native-ads.ts";
import {
  networkBodySchema,
  networkConfigSchema,
  networkCreatedSchema,
  networkParamsSchema,
} from "../resources/network.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };
const readErrors = { ...errors, 403: errorAnswerSchema, 404: errorAnswerSchema };

/**
 * The app's ad networks: each offerwall's and offer network's config with its postback URL, the native
 * ads configs, and the offerwall links the mobile app opens.
 */
export const networkEndpoints = {
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/network/:name/:adminId",
    tags: ["network"],
    summary: "An ad network's config with its postback URL",
    params: networkParamsSchema,
    responses: { 200: networkConfigSchema, ...readErrors },
  }),
  create: endpoint({
    method: "POST",
    permission: "settings.write",
    path: "/api/network/",
    tags: ["network"],
    summary: "Save an ad network's config for the first time",
    body: networkBodySchema,
    responses: { 200: networkCreatedSchema, ...errors, 409: errorAnswerSchema },
  }),
  update: endpoint({
    method: "PUT",
    permission: "settings.write",
    path: "/api/network/:id",
    tags: ["network"],
    summary: "Update an ad network's config",
    params: idParamsSchema,
    body: networkBodySchema,
    responses: { 200: networkConfigSchema, ...errors, 404: errorAnswerSchema },
  }),
  nativeAdsDetails: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/nativeAds/:name/:adminId",
    tags: ["network"],
    summary: "A native ads config",
    params: networkParamsSchema,
    responses: { 200: nativeAdsSchema, ...readErrors },
  }),
  nativeAdsCreate: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/nativeAds/",
    tags: ["network"],
    summary: "Save a native ads config for the first time",
    body: nativeAdsBodySchema,
    responses: { 200: nativeAdsCreatedSchema, ...errors, 409: errorAnswerSchema },
  }),
  nativeAdsUpdate: endpoint({
    method: "PUT",
    permission: "catalog.write",
    path: "/api/nativeAds/:id",
    tags: ["network"],
    summary: "Update a native ads config",
    params: idParamsSchema,
    body: nativeAdsBodySchema,
    responses: { 200: nativeAdsSchema, ...errors, 404: errorAnswerSchema },
  }),
  appOfferwalls: endpoint({
    method: "GET",
    permission: "appUser",
    path: "/app/v1/offerwalls",
    tags: ["app"],
    summary: "Links to the enabled offerwalls, with my user id in place",
    headers: appSignedInHeadersSchema,
    responses: { 200: appOfferwallsAnswerSchema, 401: errorAnswerSchema },
  }),
};
