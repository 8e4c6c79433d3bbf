import { z } from "zod";
import { errorAnswerSchema } from "../common.ts";
import { endpoint, openApiPath } from "../endpoint.ts";

/** Prometheus's text exposition format; the schema carries its OpenAPI response object, as postbacks' do. */
const metricsSchema = z.string();
const metricsText = Object.assign(metricsSchema.describe("The metrics in Prometheus's text format"), {
  content: { "text/plain; version=0.0.4": { schema: metricsSchema } },
});

/** The calls that belong to no domain: health, uploaded files and the API's own document. */
export const systemEndpoints = {
  health: endpoint({
    method: "GET",
    permission: "signedOut",
    path: "/healthz",
    tags: ["health"],
    summary: "Liveness: 200 while the process serves requests (restart it when this fails)",
    responses: { 200: z.object({ status: z.literal("ok") }) },
  }),
  ready: endpoint({
    method: "GET",
    permission: "signedOut",
    path: "/readyz",
    tags: ["health"],
    summary:
      "Readiness: 200 when the database answers and every migration is applied, else 503 (send no traffic)",
    responses: { 200: z.object({ status: z.literal("ready") }), 503: errorAnswerSchema },
  }),
  metrics: endpoint({
    method: "GET",
    permission: "signedOut",
    path: "/metrics",
    tags: ["health"],
    summary:
      "Prometheus metrics (text format) for Authorization: Bearer <METRICS_TOKEN>; 404 when METRICS_TOKEN is unset",
    responses: { 200: metricsText, 401: errorAnswerSchema, 404: errorAnswerSchema },
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
