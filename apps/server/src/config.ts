import { z } from "zod";
import { isProxyEntry, type TrustProxy } from "./lib/trust-proxy.ts";

const optionalPostgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, { error: "must start with postgres:// or postgresql://" })
  .optional();

const optionalUrl = z.url({ error: "must be an absolute URL like http://host:port" }).optional();

/** Durations like 12h, 30m, 3600s or plain seconds. */
const durationSeconds = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, { error: "must be a duration like 12h, 30m, 3600s or 3600" })
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = value.trim().slice(-1);
    const factor = { s: 1, m: 60, h: 3600, d: 86400 }[unit] ?? 1;
    return amount * factor;
  })
  .refine((seconds) => seconds >= 60 && seconds <= 30 * 86400, {
    error: "must be between 1 minute and 30 days",
  });

const trustProxyHelp =
  "write the proxy's addresses or CIDR ranges, comma-separated (e.g. 10.0.0.5 or 10.0.0.0/8,fd00::/8, " +
  "or loopback for a proxy on this machine), or the number of proxies in front (e.g. 1); " +
  "leave it unset when clients connect directly";

/**
 * TRUST_PROXY → which connections may name the client's address; a string is the problem. A bare
 * "true" trusted every client's X-Forwarded-For, so it is refused rather than guessed at.
 */
function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = (raw ?? "").trim().toLowerCase();
  if (["", "false", "no", "off", "none", "0"].includes(value)) return false;
  if (["true", "yes", "on", "all", "*"].includes(value)) {
    return `"${raw}" would let any client choose its own IP address with X-Forwarded-For; ${trustProxyHelp}`;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : `${value} proxies is more than the 10 allowed; ${trustProxyHelp}`;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyEntry(entry));
  if (wrong.length > 0) {
    const list = wrong.map((entry) => `"${entry}"`).join(", ");
    return `${list} ${wrong.length > 1 ? "are not IP addresses" : "is not an IP address"} or CIDR ranges; ${trustProxyHelp}`;
  }
  const everyone = entries.find((entry) => /\/0+$/.test(entry));
  if (everyone) return `"${everyone}" trusts every address, the same as true; ${trustProxyHelp}`;
  return entries;
}

/** A whole number of `what` from min to max, each mistake named (WEB_CONCURRENCY, DATABASE_POOL_SIZE). */
const countOf = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `must be a number of ${what}` })
    .int({ error: `must be a whole number of ${what}` })
    .min(min, { error: `must be between ${min} and ${max}` })
    .max(max, { error: `must be between ${min} and ${max}` });

/** A time limit in milliseconds, 100 ms to 2 minutes (OUTBOUND_TIMEOUT_MS, REQUEST_QUEUE_TIMEOUT_MS). */
const timeoutMs = z.coerce
  .number({ error: "must be a number of milliseconds" })
  .int({ error: "must be a whole number of milliseconds" })
  .min(100, { error: "must be between 100 and 120000 milliseconds" })
  .max(120_000, { error: "must be between 100 and 120000 milliseconds" });

/** PostgreSQL connections per server process unless DATABASE_POOL_SIZE says otherwise. */
export const defaultDatabasePoolSize = 10;

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: "must be a number" })
      .int({ error: "must be a whole number" })
      .min(0)
      .max(65535, { error: "must be a port number (0 to 65535)" })
      .default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    // Server processes sharing the port (node:cluster); more than one needs PostgreSQL (docs/deploy.md).
    WEB_CONCURRENCY: countOf("processes", 1, 64).default(1),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx): TrustProxy => {
        const result = parseTrustProxy(value);
        if (typeof result === "string") {
          ctx.addIssue({ code: "custom", message: result });
          return z.NEVER;
        }
        return result;
      }),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalPostgresUrl,
    // A replica of DATABASE_URL that analytics, exports and the dashboard read from (docs/scaling.md).
    DATABASE_READ_URL: optionalPostgresUrl,
    // PostgreSQL connections per server process, to the primary (and as many to the replica). Few beat
    // many on a busy database: docs/performance.md, "Connections". At least 4: the process that runs the
    // timed jobs keeps one connection for each of them (docs/deploy.md), and requests need the rest.
    DATABASE_POOL_SIZE: countOf("connections", 4, 500).default(defaultDatabasePoolSize),
    // Calls a process works on at once; the others wait their turn in arrival order, each at most
    // REQUEST_QUEUE_TIMEOUT_MS, then 503 (docs/performance.md, "Requests at work"). Unset: twice the pool.
    REQUEST_CONCURRENCY: countOf("requests", 1, 10_000).optional(),
    REQUEST_QUEUE_TIMEOUT_MS: timeoutMs.default(10_000),
    PUBLIC_URL: optionalUrl,
    DEMO_DATA: z.enum(["auto", "off"], { error: "must be auto or off" }).default("auto"),
    JWT_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
    // Encrypts secrets at rest; without it the key lives in DATA_DIR/secrets.key (docs/security.md).
    SECRETS_KEY: z.string().trim().min(32, { error: "must be at least 32 characters" }).optional(),
    TOKEN_TTL: durationSeconds.default(12 * 3600),
    // GET /metrics answers only to this bearer token; unset, the route answers 404 (docs/operations.md).
    METRICS_TOKEN: z.string().trim().min(16, { error: "must be at least 16 characters" }).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PLATFORM_MAILGUN_DOMAIN: z.string().min(1).optional(),
    PLATFORM_MAILGUN_API_KEY: z.string().min(1).optional(),
    PLATFORM_MAILGUN_BASE_URL: z.url({ error: "must be an absolute URL" }).default("https://api.mailgun.net"),
    PLATFORM_MAIL_FROM: z.string().min(3).optional(),
    // Tenants' own Mailgun and push providers; configurable so tests can point them at local servers.
    MAILGUN_BASE_URL: z.url({ error: "must be an absolute URL" }).default("https://api.mailgun.net"),
    FCM_BASE_URL: z.url({ error: "must be an absolute URL" }).default("https://fcm.googleapis.com"),
    // The IP-data service that screens app sign-ups and redeems (decision 0018); tests use a local server.
    IPDATA_BASE_URL: z.url({ error: "must be an absolute URL" }).default("https://api.ipdata.co"),
    // A service-account key's token_uri is POSTed to: only Google's OAuth hosts, or this one origin.
    FCM_TOKEN_ORIGIN: z.url({ error: "must be an absolute URL like https://host:port" }).optional(),
    // Every call to Mailgun or Google gives up after this long, so no request waits on a hung provider.
    OUTBOUND_TIMEOUT_MS: timeoutMs.default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_READ_URL"],
        message:
          "needs DATABASE_URL: a read replica copies a PostgreSQL primary, and the embedded database has none. " +
          "Set DATABASE_URL to the primary, or unset DATABASE_READ_URL",
      });
    }
    const mail = [env.PLATFORM_MAILGUN_DOMAIN, env.PLATFORM_MAILGUN_API_KEY, env.PLATFORM_MAIL_FROM];
    if (mail.some(Boolean) && !mail.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["PLATFORM_MAILGUN_DOMAIN"],
        message:
          "PLATFORM_MAILGUN_DOMAIN, PLATFORM_MAILGUN_API_KEY and PLATFORM_MAIL_FROM must be set together",
      });
    }
  });

export type Config = {
  port: number;
  host: string;
  /** How many server processes share the port. */
  webConcurrency: number;
  /** Who may name the client's address in X-Forwarded-*: see lib/trust-proxy.ts. */
  trustProxy: TrustProxy;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A read replica of databaseUrl for analytics, exports and the dashboard; unset, they read the primary. */
  databaseReadUrl: string | undefined;
  databasePoolSize: number;
  /** Calls at work at once per process; the rest wait in arrival order (plugins/request-admission.ts). */
  requestConcurrency: number;
  /** How long a call may wait for its turn before it answers 503. */
  requestQueueTimeoutMs: number;
  publicUrl: string;
  /** auto: an empty embedded database gets the demo owner and demo data at start. */
  demoData: "auto" | "off";
  jwtSecret: string | undefined;
  /** Key text for secrets at rest; unset: generated once in DATA_DIR/secrets.key. */
  secretsKey: string | undefined;
  tokenTtlSeconds: number;
  /** The bearer token GET /metrics answers to; unset, there are no metrics. */
  metricsToken: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  platformMail: { domain: string; apiKey: string; from: string; baseUrl: string } | undefined;
  /** API address for tenants' Mailgun configs (redeem e-mails, test messages). */
  mailgunBaseUrl: string;
  /** Firebase Cloud Messaging HTTP v1 address; the OAuth token address is each key's own token_uri. */
  fcmBaseUrl: string;
  /** ipdata.co API address: GET {ipDataBaseUrl}/{ip}?api-key=… */
  ipDataBaseUrl: string;
  /** An origin a key's token_uri may use besides Google's (tests' local servers, private gateways). */
  fcmTokenOrigin: string | undefined;
  /** Time limit of every outgoing HTTP call (Mailgun, Google OAuth, FCM). */
  outboundTimeoutMs: number;
};

export class ConfigError extends Error {}

/** Environment → typed config. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    webConcurrency: e.WEB_CONCURRENCY,
    trustProxy: e.TRUST_PROXY,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    requestConcurrency: e.REQUEST_CONCURRENCY ?? 2 * e.DATABASE_POOL_SIZE,
    requestQueueTimeoutMs: e.REQUEST_QUEUE_TIMEOUT_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    demoData: e.DEMO_DATA,
    jwtSecret: e.JWT_SECRET,
    secretsKey: e.SECRETS_KEY,
    tokenTtlSeconds: e.TOKEN_TTL,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    platformMail:
      e.PLATFORM_MAILGUN_DOMAIN && e.PLATFORM_MAILGUN_API_KEY && e.PLATFORM_MAIL_FROM
        ? {
            domain: e.PLATFORM_MAILGUN_DOMAIN,
            apiKey: e.PLATFORM_MAILGUN_API_KEY,
            from: e.PLATFORM_MAIL_FROM,
            baseUrl: e.PLATFORM_MAILGUN_BASE_URL.replace(/\/+$/, ""),
          }
        : undefined,
    mailgunBaseUrl: e.MAILGUN_BASE_URL.replace(/\/+$/, ""),
    fcmBaseUrl: e.FCM_BASE_URL.replace(/\/+$/, ""),
    ipDataBaseUrl: e.IPDATA_BASE_URL.replace(/\/+$/, ""),
    fcmTokenOrigin: e.FCM_TOKEN_ORIGIN ? new URL(e.FCM_TOKEN_ORIGIN).origin : undefined,
    outboundTimeoutMs: e.OUTBOUND_TIMEOUT_MS,
  };
}
