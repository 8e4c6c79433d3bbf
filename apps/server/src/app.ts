import { randomUUID } from "node:crypto";
import compress from "@fastify/compress";
import { apiDocsPath, isApiPath, type Message, messages } from "@rewards/contract";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import helmet from "helmet";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { startOfferRollupWorker } from "./db/offer-rollups.ts";
import type { ReplicaStatus } from "./db/read-replica.ts";
import { startRollupCompactionWorker } from "./db/rollup-compaction.ts";
import { createAccessTokens } from "./lib/access-tokens.ts";
import { createAppTokens } from "./lib/app-tokens.ts";
import { withRedaction } from "./lib/log-redaction.ts";
import { createMetrics, type Metrics, type PoolStats } from "./lib/metrics.ts";
import { type OutboxOptions, startOutboxWorker } from "./lib/outbox.ts";
import { logMailer, mailgunMailer, type PlatformMailer } from "./lib/platform-mail.ts";
import type { RoundOutcome } from "./lib/polling-worker.ts";
import { createGuards, defaultRateLimits, type RateLimits } from "./lib/rate-limit.ts";
import { createRequestAdmission } from "./lib/request-admission.ts";
import { assertRouteInContract } from "./lib/route.ts";
import { fastifyTrustProxy } from "./lib/trust-proxy.ts";
import { adminsRoutes } from "./modules/admins/index.ts";
import { analyticsRoutes } from "./modules/analytics/index.ts";
import { appApiRoutes } from "./modules/app-api/index.ts";
import { appUsersAdminRoutes } from "./modules/app-users/index.ts";
import { auditRoutes } from "./modules/audit/index.ts";
import { authRoutes, createAuthService } from "./modules/auth/index.ts";
import { catalogRoutes } from "./modules/catalog/index.ts";
import { dashboardRoutes } from "./modules/dashboard/index.ts";
import { exportsRoutes } from "./modules/exports/index.ts";
import { giveawayRoutes } from "./modules/giveaway/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { networkRoutes } from "./modules/network/index.ts";
import { notificationsRoutes } from "./modules/notifications/index.ts";
import { offersRoutes } from "./modules/offers/index.ts";
import {
  type PayoutWorkerOptions,
  payoutsRoutes,
  startHoldReleaseWorker,
  startPayoutWorker,
  tremendousWebhookRoutes,
} from "./modules/payouts/index.ts";
import { postbackLogRoutes, postbackRoutes } from "./modules/postbacks/index.ts";
import { profileAppRoutes, profileRoutes } from "./modules/profile/index.ts";
import { deliverThroughTenantMailgun, redeemAdminRoutes } from "./modules/redeems/index.ts";
import { searchRoutes } from "./modules/search/index.ts";
import { appSettingRoutes, settingsRoutes } from "./modules/settings/index.ts";
import { createTeamService, inviteRoutes, teamRoutes } from "./modules/team/index.ts";
import { uploadsRoutes } from "./modules/uploads/index.ts";
import { viewsRoutes } from "./modules/views/index.ts";
import { errorAnswer, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerMultipart } from "./plugins/multipart.ts";
import { type ApiDocsAccess, registerOpenApi } from "./plugins/openapi.ts";
import { registerRequestAdmission } from "./plugins/request-admission.ts";
import { requireAdmin } from "./plugins/require-admin.ts";
import { webApp } from "./plugins/web-app.ts";

export type AppDeps = {
  db: Db;
  config: Config;
  jwtSecret: string;
  /** Platform mail; defaults to Mailgun from the config, or the log when none is configured. */
  mailer?: PlatformMailer;
  rateLimits?: RateLimits;
  /** Who may read GET /api/openapi.json: the owner only (default), or anyone (the demo install). */
  apiDocs?: ApiDocsAccess;
  /** Folder of the built web app; nothing is served when it holds no build. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  /** The mail outbox worker's timing; false runs none (e.g. a test that drives it by hand). */
  outbox?: Partial<Pick<OutboxOptions, "pollMs" | "baseBackoffMs" | "maxAttempts" | "claimMs">> | false;
  /** The payout worker's timing; false runs none (a test drives it with runPayoutRound). */
  payouts?: Partial<Pick<PayoutWorkerOptions, "pollMs" | "batchSize" | "claimMs" | "timing">> | false;
  /** The release job of held credits: how often it runs (one minute by default); false runs none. */
  holdRelease?: { pollMs?: number } | false;
  /** The compaction job of the rollups' closed periods: how often it runs (ten minutes by default); false runs none. */
  rollupCompaction?: { pollMs?: number } | false;
  /** The fold of completed offers' queued changes into the rollups: how often (every second by default); false runs none. */
  offerRollups?: { pollMs?: number } | false;
  /** The PostgreSQL pool's connection counts, for the metrics (none on PGlite). */
  poolStats?: PoolStats;
  /** Where reads that may trail the writes go (analytics, exports, the dashboard); db when unset. */
  readDb?: Db;
  /** The read replica's state, for the metrics (when DATABASE_READ_URL is set). */
  replicaStatus?: ReplicaStatus;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: { db: Db; readDb: Db; config: Config; wakePayouts: () => void; metrics: Metrics | null };
  }
}

const requestIdPattern = /^[\w.-]{1,64}$/;

/**
 * Answers up to this size go uncompressed: TCP's first flight (an initial window of 10 segments, about
 * 14.6 kB) carries them in one round trip compressed or not, so compressing a 10-row page (4 kB) only cost
 * the server and the client CPU: 0.3–0.5 ms of its 2 ms. Bigger answers (long pages, exports' JSON, the API
 * document) are compressed, and the web app's files are compressed once, at build.
 */
export const compressAbove = 14 * 1024;

/** The whole server as a Fastify instance: used by server.ts and, with app.inject, by the tests. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    // Every log line is cleaned of secrets (postback keys, signatures, reset tokens, credentials).
    logger: withRedaction(deps.logger ?? false),
    // X-Forwarded-* only from the configured proxies; unset, the connection's address is the client.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A trailing slash changes nothing: /api/redeem/ and /api/redeem reach one route (decision 0007).
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's refusals before routing (a malformed URL) answer in the error shape too, with a code.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      (reply as FastifyReply).code(status).send(errorAnswer(status, error.message as Message));
    },
    requestIdHeader: "x-request-id",
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only an installation that scrapes them (METRICS_TOKEN) measures anything.
  const admission = createRequestAdmission(config.requestConcurrency, config.requestQueueTimeoutMs);
  const metrics = config.metricsToken
    ? createMetrics(deps.db, deps.poolStats, deps.replicaStatus, admission)
    : null;
  const observeJob = (job: string) =>
    metrics
      ? (outcome: RoundOutcome, seconds: number) => metrics.observeJobRound(job, outcome, seconds)
      : undefined;
  const readDb = deps.readDb ?? deps.db;
  app.decorate("deps", {
    db: deps.db,
    readDb,
    config,
    // payoutWorker is declared further down; routes call this only once the app is ready.
    wakePayouts: () => payoutWorker()?.wake(),
    metrics,
  });
  if (metrics) {
    app.addHook("onResponse", async (request, reply) => {
      // The route's pattern, or one series for every address no route matched.
      const routePattern = request.routeOptions.url ?? "unmatched";
      metrics.observeRequest(routePattern, request.method, reply.statusCode, reply.elapsedTime / 1000);
    });
  }
  app.decorateRequest("admin", null);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandler(app);
  registerRequestAdmission(app, admission);
  // Every API route is one of the contract's endpoints; the API reference pages are pages, not calls.
  app.addHook("onRoute", (route) => assertRouteInContract(route, (url) => url.startsWith(apiDocsPath)));

  // API answers and the web app's files go gzip- or brotli-compressed to clients that accept it, when
  // they are bigger than the first flight of a connection (see compressAbove).
  await app.register(compress, { threshold: compressAbove, encodings: ["br", "gzip"] });
  // Security headers from helmet, its middleware built once: @fastify/helmet built it again on every
  // request (parsing the CSP each time), a measurable part of a small call's own work.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: "deny" },
    // Set below, per request: behind an https proxy the public URL may still be unset.
    hsts: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // HSTS only where browsers reach us over https: an https PUBLIC_URL, or a trusted proxy saying so
  // (X-Forwarded-Proto counts only from a TRUST_PROXY address). Over plain http it would be meaningless.
  const httpsEverywhere = config.publicUrl.startsWith("https:");
  app.addHook("onSend", async (request, reply) => {
    if (httpsEverywhere || request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
  });

  const platformMailer =
    deps.mailer ??
    (config.platformMail ? mailgunMailer(config.platformMail, config.outboundTimeoutMs) : logMailer(app.log));
  const auth = createAuthService({
    db: deps.db,
    tokens: createAccessTokens(deps.jwtSecret, config.tokenTtlSeconds),
    mailer: platformMailer,
    publicUrl: config.publicUrl,
  });
  const team = createTeamService({ db: deps.db, mailer: platformMailer, publicUrl: config.publicUrl });
  // Counted in the database: shared by every process, kept across restarts.
  const guards = createGuards(deps.db, deps.rateLimits ?? defaultRateLimits);

  const outbox = backgroundWorker(app, deps.outbox, (options) =>
    startOutboxWorker({
      db: deps.db,
      log: app.log,
      deliver: deliverThroughTenantMailgun(deps.db, config.mailgunBaseUrl, config.outboundTimeoutMs),
      // A send cannot outlast its time-out, so a claim far longer than it only lapses for a dead process.
      claimMs: 12 * config.outboundTimeoutMs,
      observeRound: observeJob("mail_outbox"),
      ...options,
    }),
  );
  const payoutTiming = { timing: { timeoutMs: config.outboundTimeoutMs } };
  const payoutWorker = backgroundWorker(app, deps.payouts, (options) =>
    startPayoutWorker({
      db: deps.db,
      log: app.log,
      onMailQueued: () => outbox()?.wake(),
      claimMs: 12 * config.outboundTimeoutMs,
      observeRound: observeJob("payouts"),
      ...options,
      timing: { ...payoutTiming.timing, ...options.timing },
    }),
  );
  backgroundWorker(app, deps.holdRelease, (options) =>
    startHoldReleaseWorker({
      db: deps.db,
      log: app.log,
      observeRound: observeJob("hold_release"),
      ...options,
    }),
  );
  backgroundWorker(app, deps.offerRollups, (options) =>
    startOfferRollupWorker({
      db: deps.db,
      log: app.log,
      observeRound: observeJob("offer_rollups"),
      ...options,
    }),
  );
  backgroundWorker(app, deps.rollupCompaction, (options) =>
    startRollupCompactionWorker({
      db: deps.db,
      log: app.log,
      observeRound: observeJob("rollup_compaction"),
      ...options,
    }),
  );

  await registerMultipart(app);
  // Before every route: the document is collected from the routes as they are added.
  await registerOpenApi(app, { access: deps.apiDocs ?? "owner", auth, publicUrl: config.publicUrl });
  await app.register(healthRoutes, { metrics });
  await app.register(uploadsRoutes);
  // Networks' postbacks: no token, the key in the path names the tenant (docs/features/postbacks.md).
  await app.register(postbackRoutes);
  // Tremendous's webhooks: the app key in the path names the app, the signature proves the sender.
  await app.register(tremendousWebhookRoutes, { onMailQueued: () => outbox()?.wake(), ...payoutTiming });
  await app.register(authRoutes, { prefix: "/api", auth, guards });
  await app.register(inviteRoutes, { prefix: "/api", auth, team });
  // The mobile app's API: the x-app-key header names the tenant; app tokens never open /api (decision 0017).
  await app.register(appApiRoutes, {
    prefix: "/app/v1",
    tokens: createAppTokens(deps.jwtSecret),
    guards,
    ipDataBaseUrl: config.ipDataBaseUrl,
  });
  await app.register(
    async (signedIn) => {
      requireAdmin(signedIn, auth);
      await signedIn.register(profileRoutes, { auth, guards });
      await signedIn.register(profileAppRoutes, { auth, team });
      await signedIn.register(teamRoutes, { team });
      await signedIn.register(adminsRoutes);
      await signedIn.register(appUsersAdminRoutes);
      await signedIn.register(dashboardRoutes);
      await signedIn.register(analyticsRoutes);
      await signedIn.register(offersRoutes);
      await signedIn.register(searchRoutes);
      await signedIn.register(postbackLogRoutes);
      await signedIn.register(redeemAdminRoutes, { onQueued: () => outbox()?.wake() });
      await signedIn.register(catalogRoutes);
      await signedIn.register(payoutsRoutes);
      await signedIn.register(giveawayRoutes);
      await signedIn.register(networkRoutes);
      await signedIn.register(appSettingRoutes);
      await signedIn.register(settingsRoutes);
      await signedIn.register(notificationsRoutes);
      await signedIn.register(auditRoutes);
      await signedIn.register(exportsRoutes);
      await signedIn.register(viewsRoutes);
    },
    { prefix: "/api" },
  );

  const servesWeb = deps.webRoot ? await webApp(app, { root: deps.webRoot }) : false;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (servesWeb && (request.method === "GET" || request.method === "HEAD") && !isApiPath(path)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send(errorAnswer(404, messages.routeNotFound(request.method, path)));
  });
  return app;
}

/**
 * A background worker started when the app is ready and stopped (its round under way finished) when the
 * app closes; `false` in the deps runs none. Answers the running worker: undefined before it starts or
 * when it is off.
 */
function backgroundWorker<Options extends object, Worker extends { stop(): Promise<void> }>(
  app: FastifyInstance,
  options: Options | false | undefined,
  start: (options: Partial<Options>) => Worker,
): () => Worker | undefined {
  let worker: Worker | undefined;
  if (options !== false) {
    app.addHook("onReady", async () => {
      worker = start(options ?? {});
    });
    app.addHook("onClose", async () => {
      await worker?.stop();
    });
  }
  return () => worker;
}
