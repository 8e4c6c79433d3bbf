/** The operations of the server's OpenAPI document, in the shape the generated suites need. */

export type JsonSchema = { [key: string]: unknown };

export type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

type OpenApiParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };

type OpenApiOperation = {
  summary?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
};

export type Operation = {
  method: string;
  /** The document's path, e.g. /api/users/{id}. */
  path: string;
  /** The route as Fastify names it, e.g. /api/users/:id. */
  route: string;
  key: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: JsonSchema | undefined;
  /** The request body's media type and schema, when the operation takes one. */
  body: { contentType: string; schema: JsonSchema } | undefined;
  signedIn: boolean;
};

export const routeOf = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");
export const operationKey = (method: string, route: string) => `${method.toUpperCase()} ${route}`;

/** Every operation of the document: its path, query and body schemas. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const queryParameters = parameters.filter((parameter) => parameter.in === "query");
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        route: routeOf(path),
        key: operationKey(method, routeOf(path)),
        pathParams: parameters
          .filter((parameter) => parameter.in === "path")
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        query: queryParameters.length
          ? {
              type: "object",
              properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema ?? {}])),
              required: queryParameters.filter((p) => p.required).map((p) => p.name),
            }
          : undefined,
        body: contentType ? { contentType, schema: media?.schema ?? {} } : undefined,
        signedIn: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** Follows a local $ref (#/components/schemas/X) to its schema. */
export function resolveRef(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.replace(/^#\/components\/schemas\//, "");
  const target = document.components?.schemas?.[name];
  if (!target) throw new Error(`unresolved $ref ${ref}`);
  return resolveRef(document, target);
}
