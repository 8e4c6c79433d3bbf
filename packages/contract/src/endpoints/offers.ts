import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { offerDetailsSchema } from "../resources/offer-details.ts";
import { offerListAnswerSchema, offerListBodySchema } from "../resources/offers.ts";

/** Completed offers: what the networks' postbacks credited, in the app's Offers screen. */
export const offerEndpoints = {
  list: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/offer",
    tags: ["offers"],
    summary: "List completed offers (filter, sort, page)",
    query: listQuerystringSchema,
    body: offerListBodySchema,
    responses: { 200: offerListAnswerSchema, 400: errorAnswerSchema, 401: errorAnswerSchema },
  }),
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/offer/:id",
    tags: ["offers"],
    summary: "A completed offer",
    params: idParamsSchema,
    responses: {
      200: offerDetailsSchema,
      400: errorAnswerSchema,
      401: errorAnswerSchema,
      404: errorAnswerSchema,
    },
  }),
};
