import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { apiDocsPath, messages, systemEndpoints } from "@rewards/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { bearerToken } from "../lib/bearer-token.ts";
import { AppError } from "../lib/errors.ts";
import { route } from "../lib/route.ts";
import type { AuthService } from "../modules/auth/index.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered (HEAD copies left out): what the document and the hardening tests cover. */
    routeTable: readonly RegisteredRoute[];
  }
  interface FastifySchema {
    /**
     * A multipart form's fields, for the OpenAPI document only: the route reads its parts itself (files
     * stream), so Fastify must not validate a body; the document still shows what to send.
     */
    multipartBody?: ZodType;
  }
}

export type RegisteredRoute = { method: string; url: string; hidden: boolean };

/** Who may read the OpenAPI document: anyone (the demo install) or the owner's token only. */
export type ApiDocsAccess = "open" | "owner";

/** The security scheme of every route behind requireAdmin (added there by an onRoute hook). */
export const adminTokenScheme = "adminToken";
/** The security scheme of the mobile app's signed-in routes (added by requireAppUser). */
export const appUserTokenScheme = "appUserToken";

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** Moves a multipart form's schema into `body`, so the document shows it under multipart/form-data. */
const transform: typeof zodTransform = (route) => {
  const schema = route.schema as { multipartBody?: ZodType; body?: unknown } | undefined;
  if (!schema?.multipartBody) return zodTransform(route);
  const { multipartBody, ...rest } = schema;
  return zodTransform({ ...route, schema: { ...rest, body: multipartBody } } as typeof route);
};

/**
 * The OpenAPI 3.1 document of every route, built from the routes' zod schemas, at GET /api/openapi.json,
 * and a Swagger UI reference at /api/docs. The page and its script are public (a browser sends no token
 * on navigation; the token lives in the web app's localStorage), so the page's script reads that token and
 * sends it when it fetches the document; the document itself answers only the owner unless docs are open.
 * Registered before the routes: @fastify/swagger collects them with an onRoute hook.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { access: ApiDocsAccess; auth: AuthService; publicUrl: string },
) {
  const routeTable: RegisteredRoute[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") routeTable.push({ method, url: route.url, hidden });
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Rewards Admin API",
        version: "1.0.0",
        description: [
          "The dashboard's calls (`/api`, a Bearer token from `POST /api/users/login`), the networks'",
          "postbacks (`/postback`) and the mobile app's calls (`/app/v1`).",
          "Every error answers `{ statusCode, error, code, message }` (`code` is stable, `message` English,",
          "`params` its arguments); a validation error adds `fieldErrors`.",
        ].join(" "),
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          [adminTokenScheme]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "The accessToken answered by POST /api/users/login",
          },
          [appUserTokenScheme]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description:
              "An app user's accessToken from POST /app/v1/auth/sign-in or sign-up (with x-app-key)",
          },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });

  const guard = async (request: FastifyRequest) => {
    if (options.access === "open") return;
    const token = bearerToken(request);
    const admin = token ? await options.auth.authenticate(token) : null;
    if (!admin) throw new AppError(401, messages.unauthorized);
    if (admin.role !== "owner") throw new AppError(403, messages.ownerOnly);
  };

  route(app, systemEndpoints.openApiDocument, async () => app.swagger() as Record<string, unknown>, {
    onRequest: guard,
    security: options.access === "open" ? [] : [{ [adminTokenScheme]: [] }],
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: apiDocsPath,
    uiConfig: {
      layout: "BaseLayout",
      docExpansion: "list",
      deepLinking: true,
      tryItOutEnabled: false,
      // Runs in the browser (serialised into the page's own script file, so the CSP needs no inline
      // script): the signed-in owner's token, kept by the web app, goes with every request the page makes.
      requestInterceptor: (request: { [prop: string]: unknown }) => {
        try {
          // The web app's auth store (apps/web/src/lib/auth-store.ts, key "rewards-auth").
          const { localStorage } = globalThis as unknown as {
            localStorage: { getItem(key: string): string | null };
          };
          const stored = JSON.parse(localStorage.getItem("rewards-auth") ?? "null");
          const token = stored?.state?.authToken;
          const headers = (request.headers ?? {}) as Record<string, string>;
          if (token && !headers.Authorization)
            request.headers = { ...headers, Authorization: `Bearer ${token}` };
        } catch {
          // No stored session: the document is fetched without a token.
        }
        return request;
      },
    },
    // The page's own JSON and YAML copies of the document answer the same people as /api/openapi.json.
    uiHooks: {
      onRequest: async (request) => {
        if (/\/(json|yaml)$/.test(request.routeOptions.url ?? "")) await guard(request);
      },
    },
  });
}
