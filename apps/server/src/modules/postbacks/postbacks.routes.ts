import { type OfferNetwork, offerNetworks, postbackEndpoints } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type EndpointHandler, route } from "../../lib/route.ts";
import { handlePostback } from "./postbacks.service.ts";

const isOfferNetwork = (name: string): name is OfferNetwork =>
  (offerNetworks as readonly string[]).includes(name);

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb no lone surrogate: they become U+FFFD, so the
 * request is still logged.
 */
const storable = (text: string) =>
  text
    .replaceAll("\u0000", "\uFFFD")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

const asText = (value: unknown) =>
  typeof value === "string"
    ? storable(value)
    : typeof value === "number" || typeof value === "boolean"
      ? String(value)
      : null;

/**
 * Flattens a parsed query or body to text values. A name given more than once keeps its first value and
 * is reported when the values differ, so the request can be refused; nested values are dropped.
 */
function flat(input: unknown, repeated: Set<string>): Record<string, string> {
  if (!input || typeof input !== "object" || Array.isArray(input)) return {};
  const out: Record<string, string> = {};
  for (const [rawName, value] of Object.entries(input as Record<string, unknown>)) {
    const name = storable(rawName);
    const texts = (Array.isArray(value) ? value : [value]).map(asText).filter((text) => text !== null);
    const first = texts[0];
    if (first === undefined) continue;
    out[name] = first;
    if (texts.some((text) => text !== first)) repeated.add(name);
  }
  return out;
}

/**
 * The full URL the network called, for URL signatures (AdGem, BitLabs): PUBLIC_URL plus the path and
 * query as received, and the Host the request names (X-Forwarded-* only when TRUST_PROXY is set).
 */
function fullUrls(request: FastifyRequest, publicUrl: string): string[] {
  const fromPublic = `${publicUrl.replace(/\/$/, "")}${request.url}`;
  const fromHost = `${request.protocol}://${request.host}${request.url}`;
  return fromPublic === fromHost ? [fromPublic] : [fromPublic, fromHost];
}

/**
 * GET and POST /postback/<postbackKey>/<network>: completed offers from the networks (docs/features/postbacks.md). Outside
 * /api and without a token: the key in the path names the tenant, the network's signature or secret
 * proves the sender. Answers plain text ("1" taken, "0" refused), never 5xx for bad input.
 */
export async function postbackRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  // Form posts, parsed here only (the API takes JSON).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // Both methods answer alike: the parameters are checked here, so a network always gets plain text.
  const handler: EndpointHandler<
    typeof postbackEndpoints.receiveGet | typeof postbackEndpoints.receivePost
  > = async (request, reply) => {
    const { postbackKey, network } = request.params;
    reply.type("text/plain; charset=utf-8").header("cache-control", "no-store");
    if (!isOfferNetwork(network) || !/^[\w-]{1,128}$/.test(postbackKey)) {
      request.log.warn({ network }, "postback for an unknown network or key");
      return reply.code(404).send("0");
    }
    const repeated = new Set<string>();
    const answer = await handlePostback(db, {
      postbackKey,
      network,
      method: request.method,
      fullUrls: fullUrls(request, config.publicUrl),
      ip: request.ip,
      query: flat(request.query, repeated),
      body: request.method === "POST" ? flat(request.body, repeated) : null,
      repeated: [...repeated],
    });
    app.deps.metrics?.countPostback(network, answer.outcome);
    if (answer.outcome === "unknown_key") {
      request.log.warn({ network, ip: request.ip }, "postback with an unknown key");
    } else {
      request.log.info(
        { network, outcome: answer.outcome, reason: answer.reason, points: answer.points },
        "postback",
      );
    }
    return reply.code(answer.httpStatus).send(answer.text);
  };

  route(app, postbackEndpoints.receiveGet, handler);
  route(app, postbackEndpoints.receivePost, handler);
}
