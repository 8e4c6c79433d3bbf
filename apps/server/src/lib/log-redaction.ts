import type { FastifyRequest, FastifyServerOptions } from "fastify";
import { type LoggerOptions, stdSerializers } from "pino";

// Request URLs carry secrets: the postback key in /postback/<key>/…, a network's signature or secret in
// the query, a password-reset token in …/auth/reset/<token>. Logs are read by more people and kept longer
// than the database, so every URL, error message and log message is cleaned before it is written.

export const redacted = "[redacted]";

/** Path segments that are secrets: the postback key, the reset token and a team invitation's token. */
const secretSegments = [
  /(\/postback\/)[^/?#\s"'<>]+/gi,
  /(\/auth\/reset\/)[^/?#\s"'<>]+/gi,
  /(\/auth\/invite\/)[^/?#\s"'<>]+/gi,
];

/** Query parameter names whose values are secrets anywhere in the app (signatures, keys, tokens…). */
const secretName = /secret|hash|sig|verif|token|pass|key|auth|code|otp|credential/i;

/**
 * A postback's parameters that are safe to show; everything else a network sends is hidden, so a
 * network that names its signature differently (or a new one) is still covered.
 */
const postbackShown = new Set([
  "user_id",
  "tx_id",
  "trans_id",
  "goal_id",
  "ref",
  "status",
  "state",
  "type",
  "payout",
  "amount",
  "amount_local",
  "amount_usd",
  "points",
  "offer_name",
  "ip",
]);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
}

function redactQuery(query: string, postback: boolean): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return pair;
      const name = decodedName(pair.slice(0, equals));
      const hidden = secretName.test(name) || (postback && !postbackShown.has(name.toLowerCase()));
      return hidden ? `${pair.slice(0, equals)}=${redacted}` : pair;
    })
    .join("&");
}

function redactPath(path: string): string {
  return secretSegments.reduce((out, pattern) => out.replace(pattern, `$1${redacted}`), path);
}

/** A request URL (path and query) with its secret segments and parameter values replaced. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const withoutHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = withoutHash.indexOf("?");
  const path = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const cleanPath = redactPath(path);
  if (queryAt < 0) return cleanPath;
  const postback = /\/postback\//i.test(path);
  return `${cleanPath}?${redactQuery(withoutHash.slice(queryAt + 1), postback)}`;
}

const jwtLike = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const bearerLike = /\b(Bearer|Basic)\s+[\w~+/.=-]+/gi;
const queryPairs = /([?&])([^=&\s"'#<>]+)=([^&\s"'#<>]*)/g;

// Drizzle's query errors quote the bound values ("Failed query: …\nparams: a,b"): a postback key, a
// session's hash, anything a statement was given.
const queryParams = /(^|\n)(\s*params: ).*/g;

/** Free text (an error message, a stack, a log message) with any URL secrets and tokens in it hidden. */
export function redactText(text: string): string {
  return redactPath(text)
    .replace(queryParams, `$1$2${redacted}`)
    .replace(queryPairs, (whole, separator: string, name: string) =>
      secretName.test(decodedName(name)) ? `${separator}${name}=${redacted}` : whole,
    )
    .replace(bearerLike, `$1 ${redacted}`)
    .replace(jwtLike, redacted);
}

/** Strings in a logged object (and plain objects within it) cleaned; requests and errors have serializers. */
function cleanFields(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redactText(value);
  if (depth > 0 && value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([name, field]) => [name, cleanFields(field, depth - 1)]),
    );
  }
  if (depth > 0 && Array.isArray(value)) return value.map((item) => cleanFields(item, depth - 1));
  return value;
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

/** pino's error serializer, with the message and stack (and a cause's) cleaned. */
function redactError(error: SerializedError): SerializedError {
  const out: Record<string, unknown> = { ...error };
  for (const [name, value] of Object.entries(out)) {
    if (name === "params") out[name] = redacted;
    else if (typeof value === "string") out[name] = redactText(value);
    else if (value && typeof value === "object" && name === "cause") {
      out[name] = redactError(value as SerializedError);
    }
  }
  return out as SerializedError;
}

/**
 * A message logged on purpose with a secret in it: the log mailer's reset link, when no platform mail is
 * configured and the log is how the operator receives it. Put `[logsSecretOnPurpose]: true` in the
 * merging object; nothing else may.
 */
export const logsSecretOnPurpose = Symbol("logsSecretOnPurpose");

/** Headers that would hand over a session if they were ever logged (Fastify logs none by default). */
const secretHeaderPaths = ["authorization", "cookie", "x-app-key", "x-api-key"].flatMap((header) => [
  `req.headers["${header}"]`,
  `headers["${header}"]`,
  `request.headers["${header}"]`,
]);

export const redactionOptions: Pick<LoggerOptions, "serializers" | "redact" | "hooks"> = {
  serializers: {
    // Fastify's request fields, with the URL cleaned.
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      version: request.headers?.["accept-version"],
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
    err: (error: Error) => redactError(stdSerializers.err(error)),
  },
  redact: { paths: [...secretHeaderPaths, "password", "*.password"], censor: redacted },
  hooks: {
    // Messages, printf-style arguments and fields may quote a URL: Fastify's own messages do ("Route …
    // not found"), and a provider's error text might.
    logMethod(args, method) {
      const [first, ...rest] = args as unknown[];
      if (first && typeof first === "object" && logsSecretOnPurpose in first) {
        return method.apply(this, args);
      }
      const cleaned = rest.map((arg) => (typeof arg === "string" ? redactText(arg) : arg));
      // log.error(error) alone takes the error's own message as the line's message.
      if (first instanceof Error && typeof cleaned[0] !== "string")
        cleaned.unshift(redactText(first.message));
      const head = cleanFields(first, 3);
      return method.apply(this, [head, ...cleaned] as Parameters<typeof method>);
    },
  },
};

/** The app's logger options with redaction added; false stays false (no logging). */
export function withRedaction(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    serializers: { ...options.serializers, ...redactionOptions.serializers },
    redact: redactionOptions.redact,
    hooks: { ...("hooks" in options ? options.hooks : {}), ...redactionOptions.hooks },
  } as FastifyServerOptions["logger"];
}
