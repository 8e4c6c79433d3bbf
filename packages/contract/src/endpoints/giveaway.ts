import { errorAnswerSchema, idParamsSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { appGiveawaySchema, appHeadersSchema } from "../resources/app-api.ts";
import { giveawayBodySchema, giveawayCreatedSchema, giveawaySchema } from "../resources/giveaway.ts";
import { adminIdParamsSchema } from "../resources/tenant-config.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** The app's giveaway and winners announcement: one record per app, two cards saved on their own. */
export const giveawayEndpoints = {
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/giveaway/:adminId",
    tags: ["giveaway"],
    summary: "The giveaway settings (empty before the first save)",
    params: adminIdParamsSchema,
    responses: { 200: giveawaySchema, ...errors, 403: errorAnswerSchema },
  }),
  create: endpoint({
    method: "POST",
    permission: "catalog.write",
    path: "/api/giveaway/",
    tags: ["giveaway"],
    summary: "Save the giveaway settings for the first time",
    body: giveawayBodySchema,
    responses: { 200: giveawayCreatedSchema, ...errors, 409: errorAnswerSchema },
  }),
  update: endpoint({
    method: "PUT",
    permission: "catalog.write",
    path: "/api/giveaway/:id",
    tags: ["giveaway"],
    summary: "Update the giveaway settings",
    params: idParamsSchema,
    body: giveawayBodySchema,
    responses: { 200: giveawaySchema, ...errors, 404: errorAnswerSchema },
  }),
  /** The mobile app's: the app key is enough, so it shows before sign-in. */
  appShow: endpoint({
    method: "GET",
    permission: "appKey",
    path: "/app/v1/giveaway",
    tags: ["app"],
    summary: "The giveaway and the winners announcement",
    headers: appHeadersSchema,
    responses: { 200: appGiveawaySchema, 401: errorAnswerSchema },
  }),
};
