import { type OfferNetwork, offerNetworks } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { handlePostback } from "./postbacks.service.ts";

const isOfferNetwork = (name: string): name is OfferNetwork =>
  (offerNetworks as readonly string[]).includes(name);

/** Flattens a parsed query or body to text values; repeated or nested values keep their first text. */
function flat(input: unknown): Record<string, string> {
  if (!input || typeof input !== "object" || Array.isArray(input)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") out[name] = first;
    else if (typeof first === "number" || typeof first === "boolean") out[name] = String(first);
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

type PostbackParams = { postbackKey: string; network: string };

/**
 * GET and POST /postback/<postbackKey>/<network>: completed offers from the networks (issue 8). Outside
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

  const handler = async (
    request: FastifyRequest<{ Params: PostbackParams }>,
    reply: import("fastify").FastifyReply,
  ) => {
    const { postbackKey, network } = request.params;
    reply.type("text/plain; charset=utf-8").header("cache-control", "no-store");
    if (!isOfferNetwork(network) || !/^[\w-]{1,128}$/.test(postbackKey)) {
      request.log.warn({ network }, "postback for an unknown network or key");
      return reply.code(404).send("0");
    }
    const answer = await handlePostback(db, {
      postbackKey,
      network,
      method: request.method,
      url: request.url,
      fullUrls: fullUrls(request, config.publicUrl),
      ip: request.ip,
      query: flat(request.query),
      body: request.method === "POST" ? flat(request.body) : null,
    });
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

  app.get("/postback/:postbackKey/:network", handler);
  app.post("/postback/:postbackKey/:network", handler);
}
