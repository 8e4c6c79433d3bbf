import { z } from "zod";
import { errorAnswerSchema } from "../common.ts";
import { endpoint, openApiPath } from "../endpoint.ts";

/** The calls that belong to no domain: health, uploaded files and the API's own document. */
export const systemEndpoints = {
  health: endpoint({
    method: "GET",
    permission: "signedOut",
    path: "/healthz",
    tags: ["health"],
    summary: "Liveness and readiness: 200 when the database answers, 503 when it does not",
    responses: { 200: z.object({ status: z.literal("ok") }), 503: errorAnswerSchema },
  }),
  upload: endpoint({
    method: "GET",
    permission: "signedOut",
    path: "/uploads/:id",
    tags: ["uploads"],
    summary: "An uploaded image (public: the random id is the key)",
    params: z.object({ id: z.string() }),
  }),
  openApiDocument: endpoint({
    method: "GET",
    permission: "installation",
    path: openApiPath,
    tags: ["docs"],
    summary: "This OpenAPI 3.1 document (the owner's token, unless the server runs with the demo data)",
    responses: {
      200: z.looseObject({}).describe("The OpenAPI 3.1 document"),
      401: errorAnswerSchema,
      403: errorAnswerSchema,
    },
  }),
};
