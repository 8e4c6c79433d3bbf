import {
  adminIdParamsSchema,
  errorAnswerSchema,
  giveawayBodySchema,
  giveawayCreatedSchema,
  giveawaySchema,
  idParamsSchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found, ownAdminId } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { createGiveaway, getGiveaway, updateGiveaway } from "./giveaway.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** SPEC 7 "Giveaway": one giveaway and winner announcement per tenant. */
export async function giveawayRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.get(
    "/giveaway/:adminId",
    {
      schema: {
        tags: ["giveaway"],
        summary: "The giveaway settings (empty before the first save)",
        params: adminIdParamsSchema,
        response: { 200: giveawaySchema, ...errors, 403: errorAnswerSchema },
      },
    },
    async (request) => getGiveaway(db, ownAdminId(request, request.params.adminId)),
  );

  api.post(
    "/giveaway/",
    {
      schema: {
        tags: ["giveaway"],
        summary: "Save the giveaway settings for the first time",
        body: giveawayBodySchema,
        response: { 200: giveawayCreatedSchema, ...errors, 409: errorAnswerSchema },
      },
    },
    async (request) => ({ giveaway: await createGiveaway(db, currentAdmin(request).id, request.body) }),
  );

  api.put(
    "/giveaway/:id",
    {
      schema: {
        tags: ["giveaway"],
        summary: "Update the giveaway settings",
        params: idParamsSchema,
        body: giveawayBodySchema,
        response: { 200: giveawaySchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) =>
      found(await updateGiveaway(db, currentAdmin(request).id, request.params.id, request.body)),
  );
}
