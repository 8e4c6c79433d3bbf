import type { z } from "zod";
import type { Permission } from "./resources/team.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One call of the API, defined once: the server registers its handler against it, the web calls it through
 * the typed client, the OpenAPI document is built from it. See docs/architecture.md "Endpoints".
 */
export type Endpoint = {
  method: HttpMethod;
  /** The full public path, `:name` for a path parameter (Fastify's syntax). */
  path: `/${string}`;
  summary: string;
  description?: string;
  /** The OpenAPI tags: the domain the call belongs to. */
  tags: readonly [string, ...string[]];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** A multipart form's fields, for the document only: the handler reads the parts itself (files stream). */
  multipartBody?: z.ZodType;
  consumes?: readonly string[];
  /** The answer per status; an answer without a schema (a file, a redirect) is documented by its handler. */
  responses?: { readonly [status: number]: z.ZodType };
  /** Who may call it: the team permission a member's role must hold, or a caller outside the team's matrix. */
  permission: Permission;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
};

/** Keeps the literal types of a definition (its path, its schemas), so the server and the client infer from it. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

type SuccessStatus = 200 | 201 | 202 | 204;
type Answers<E extends Endpoint> = E["responses"] extends { readonly [status: number]: z.ZodType }
  ? E["responses"]
  : Record<never, never>;

/** What the handler returns and the client receives on success. */
export type AnswerOf<E extends Endpoint> = {
  [S in keyof Answers<E>]: S extends SuccessStatus ? z.output<Answers<E>[S]> : never;
}[keyof Answers<E>];

/** What the handler may return before serialisation (the answer schema's input). */
export type ReplyOf<E extends Endpoint> = {
  [S in keyof Answers<E>]: S extends SuccessStatus ? z.input<Answers<E>[S]> : never;
}[keyof Answers<E>];

/** The validated request parts a handler receives. */
export type ParamsOf<E extends Endpoint> = Output<E["params"]>;
export type QueryOf<E extends Endpoint> = Output<E["query"]>;
export type BodyOf<E extends Endpoint> = Output<E["body"]>;

type Field<K extends string, S> = S extends z.ZodType ? { [P in K]: z.input<S> } : { [P in K]?: never };

/** A browser's FormData, described without the DOM types (the contract runs on the server too). */
export interface MultipartBody {
  append(name: string, value: unknown): void;
  has(name: string): boolean;
}

/** A JSON body as its schema accepts it; a multipart form as FormData (its parts are the handler's to read). */
type BodyField<E extends Endpoint> = E["body"] extends z.ZodType
  ? { body: z.input<E["body"]> }
  : E["multipartBody"] extends z.ZodType
    ? { body: MultipartBody }
    : { body?: never };

/** What a caller sends: the parts the endpoint defines, as their schemas accept them. */
export type CallInput<E extends Endpoint> = Field<"params", E["params"]> &
  Field<"query", E["query"]> &
  BodyField<E>;

export type ParamsInput<E extends Endpoint> = Input<E["params"]>;

/** The path with its parameters filled in (each one URL-encoded); throws on a missing one. */
export function pathOf(definition: Endpoint, params: Record<string, string | number> = {}): string {
  return definition.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new Error(`${definition.method} ${definition.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** "METHOD /path": how an endpoint is named in errors, checks and docs. */
export const endpointKey = (definition: Pick<Endpoint, "method" | "path">) =>
  `${definition.method} ${definition.path}`;

/** The mount points of the three APIs: the dashboard's, the mobile app's and the networks' postbacks. */
export const apiPrefix = "/api";
export const appApiPrefix = "/app/v1";

/** The OpenAPI document and its reference pages (Swagger UI). */
export const openApiPath = `${apiPrefix}/openapi.json`;
export const apiDocsPath = `${apiPrefix}/docs`;

/** Payout providers' webhooks (Tremendous), outside /api like the postbacks. */
export const webhooksPrefix = "/webhooks";

/** Paths the server answers as an API (a JSON 404 when unknown); every other GET is the web app's. */
const apiPathPrefixes = [
  `${apiPrefix}/`,
  "/postback/",
  `${webhooksPrefix}/`,
  "/app/",
  "/uploads/",
  "/healthz",
  "/readyz",
  "/metrics",
];

export function isApiPath(url: string): boolean {
  return apiPathPrefixes.some((prefix) => url === prefix.replace(/\/$/, "") || url.startsWith(prefix));
}
