import { z } from "zod";
import { errorAnswerSchema, idParamsSchema, listQuerystringSchema } from "../common.ts";
import { offerNetworks } from "../constants.ts";
import { endpoint } from "../endpoint.ts";
import {
  postbackListAnswerSchema,
  postbackListBodySchema,
  postbackLogDetailsSchema,
} from "../resources/postbacks.ts";

/**
 * A postback's answer: "1" or "0" in plain text (the networks' own contract, never JSON). The schema
 * carries its OpenAPI response object (`description` and `content`), which the document takes as it is.
 */
function plainText(description: string) {
  const schema = z.enum(["0", "1"]);
  return Object.assign(schema.describe(description), { content: { "text/plain": { schema } } });
}

const postbackAnswers = {
  200: plainText("1: credited, reversed, a duplicate, or taken without credit (banned user, disabled app)"),
  400: plainText("0: malformed, or an unknown user"),
  403: plainText("0: a bad signature or secret, or the network is disabled"),
  404: plainText("0: an unknown network or postback key"),
};

/**
 * The parameters stay loose on purpose: a network is answered "0" in plain text (its own contract), never
 * a JSON 400, so the handler checks them itself.
 */
const postbackParamsSchema = z.object({
  postbackKey: z.string().describe("The administrator's postback key (the Network screen shows the URL)"),
  network: z.string().describe(`One of: ${offerNetworks.join(", ")}`),
});
const postbackQuerySchema = z
  .looseObject({})
  .describe("The network's parameters and signature (docs/postbacks.md)");

const postbackSummary = (method: "GET" | "POST") =>
  `A network reports a completed offer or a reversal (${method}); answers 1 taken, 0 refused`;

const errors = { 400: errorAnswerSchema, 401: errorAnswerSchema };

/**
 * Postbacks: the networks report completed offers and reversals (outside /api, no token: the key in the
 * path names the tenant), and the administrator reads the log of every request.
 */
export const postbackEndpoints = {
  receiveGet: endpoint({
    method: "GET",
    permission: "network",
    path: "/postback/:postbackKey/:network",
    tags: ["postbacks"],
    summary: postbackSummary("GET"),
    params: postbackParamsSchema,
    query: postbackQuerySchema,
    responses: postbackAnswers,
  }),
  receivePost: endpoint({
    method: "POST",
    permission: "network",
    path: "/postback/:postbackKey/:network",
    tags: ["postbacks"],
    summary: postbackSummary("POST"),
    params: postbackParamsSchema,
    query: postbackQuerySchema,
    consumes: ["application/x-www-form-urlencoded", "application/json"],
    // Any form or JSON: a network's own fields, read like the query (docs/postbacks.md).
    body: z.unknown().describe("The network's parameters as a form or JSON, like the query"),
    responses: postbackAnswers,
  }),
  list: endpoint({
    method: "POST",
    permission: "app.read",
    path: "/api/postbacks",
    tags: ["postbacks"],
    summary: "List the postback log (filter, sort, page)",
    query: listQuerystringSchema,
    body: postbackListBodySchema,
    responses: { 200: postbackListAnswerSchema, ...errors },
  }),
  details: endpoint({
    method: "GET",
    permission: "app.read",
    path: "/api/postbacks/:id",
    tags: ["postbacks"],
    summary: "A postback log entry",
    params: idParamsSchema,
    responses: { 200: postbackLogDetailsSchema, ...errors, 404: errorAnswerSchema },
  }),
};
