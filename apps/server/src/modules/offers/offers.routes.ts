import {
  errorAnswerSchema,
  idParamsSchema,
  listQuerystringSchema,
  offerDetailsSchema,
  offerListAnswerSchema,
  offerListBodySchema,
} from "@rewards/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { found } from "../../lib/tenant-scope.ts";
import { currentAdmin } from "../../plugins/require-admin.ts";
import { getOfferDetails, listOffers } from "./offers.service.ts";

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/** SPEC 7 "Offers": completed offers, scoped to the signed-in administrator. */
export async function offersRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  api.post(
    "/offer",
    {
      schema: {
        tags: ["offers"],
        summary: "List completed offers (filter, sort, page)",
        querystring: listQuerystringSchema,
        body: offerListBodySchema,
        response: { 200: offerListAnswerSchema, ...errors },
      },
    },
    async (request) => listOffers(db, currentAdmin(request).id, request.body.queryParams),
  );

  api.get(
    "/offer/:id",
    {
      schema: {
        tags: ["offers"],
        summary: "A completed offer",
        params: idParamsSchema,
        response: { 200: offerDetailsSchema, ...errors, 404: errorAnswerSchema },
      },
    },
    async (request) => found(await getOfferDetails(db, currentAdmin(request).id, request.params.id)),
  );
}
