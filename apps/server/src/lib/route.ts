import {
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  endpointKey,
  isApiPath,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
} from "@rewards/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The contract's definition this route serves (set by `route`; checked by `assertRouteInContract`). */
    endpoint?: Endpoint;
  }
}

/** A request with the endpoint's validated params, query and body. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest & {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
};

/** A handler returns the endpoint's answer (serialised by its schema), or sends the reply itself. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ReplyOf<E> | AnswerOf<E> | FastifyReply>;

/** Route options that belong to the server, not to the contract (hooks, limits, per-route config). */
export type ServerRouteOptions = Pick<RouteOptions, "onRequest" | "preHandler" | "bodyLimit" | "config"> & {
  /** The document's security requirement, when the server decides it (guards add theirs by a hook). */
  security?: Record<string, string[]>[];
};

/**
 * Registers a handler against the contract's definition: method, path and every schema come from it,
 * so the server cannot drift from what the web client and the OpenAPI document say.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handler: EndpointHandler<E>,
  options: ServerRouteOptions = {},
) {
  const schema: Record<string, unknown> = { tags: definition.tags, summary: definition.summary };
  if (definition.description) schema.description = definition.description;
  if (definition.consumes) schema.consumes = definition.consumes;
  if (definition.headers) schema.headers = definition.headers;
  if (definition.params) schema.params = definition.params;
  if (definition.query) schema.querystring = definition.query;
  if (definition.body) schema.body = definition.body;
  if (definition.multipartBody) schema.multipartBody = definition.multipartBody;
  if (definition.responses) schema.response = definition.responses;
  if (definition.hide) schema.hide = true;
  const { security, ...fastifyOptions } = options;
  if (security) schema.security = security;
  if (!definition.permission) throw new Error(`${endpointKey(definition)} names no permission`);
  // Inside a context registered with a prefix ("/api", "/app/v1"), Fastify adds the prefix itself.
  if (!definition.path.startsWith(app.prefix)) {
    throw new Error(`${endpointKey(definition)} registered under the prefix ${app.prefix}`);
  }
  app.route({
    ...fastifyOptions,
    method: definition.method,
    url: definition.path.slice(app.prefix.length),
    schema,
    config: { ...options.config, endpoint: definition },
    handler: handler as RouteOptions["handler"],
  });
}

/**
 * Every API route must come from the contract: a route registered by hand under an API prefix stops the
 * server at start-up. The API reference pages (Swagger UI) are the one exception: they are pages, not calls.
 */
export function assertRouteInContract(
  route: Pick<RouteOptions, "method" | "url" | "config">,
  exempt: (url: string) => boolean,
) {
  const url = route.url;
  if (!isApiPath(url) || exempt(url)) return;
  const methods = [route.method].flat().filter((method) => method !== "HEAD");
  const definition = (route.config as { endpoint?: Endpoint } | undefined)?.endpoint;
  for (const method of methods) {
    if (!definition || definition.method !== method || definition.path !== url) {
      throw new Error(
        `${method} ${url} has no definition in the contract (${definition ? endpointKey(definition) : "none"})`,
      );
    }
  }
}
