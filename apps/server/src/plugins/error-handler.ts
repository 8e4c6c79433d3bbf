import { STATUS_CODES } from "node:http";
import { describeMessage, type ErrorAnswer, type Message, messages } from "@rewards/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";

type Answer = ErrorAnswer;

/**
 * An error answer: the English message with its stable code and arguments, so a client can say it in its
 * own language (a field's message is described by the field's own code).
 */
export const errorAnswer = (
  statusCode: number,
  message: Message,
  fieldErrors?: Record<string, string>,
): Answer => {
  // A text outside the catalogue (Fastify's own words) is a refusal with the text as its detail.
  const parts = describeMessage(message) ?? { code: "requestRefused" as const, params: { detail: message } };
  const inner = parts.code === "fieldInvalid" ? describeMessage(String(parts.params?.message)) : undefined;
  const { code, params } = inner
    ? { code: inner.code, params: { ...inner.params, field: String(parts.params?.field) } }
    : parts;
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? "Error",
    code,
    message,
    ...(params ? { params } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
  };
};

/** PostgreSQL error codes that are the client's fault (Drizzle wraps the driver error in `.cause`). */
function postgresAnswer(error: unknown): Answer | undefined {
  const pgError = [error, (error as { cause?: unknown })?.cause].find(
    (candidate): candidate is { code: string; constraint?: string; detail?: string } =>
      typeof (candidate as { code?: unknown })?.code === "string" &&
      /^[0-9A-Z]{5}$/.test((candidate as { code: string }).code),
  );
  if (!pgError) return undefined;
  switch (pgError.code) {
    case "23505": {
      const field = /\((?:[a-z_]+, )?([a-z_]+)\)=/.exec(pgError.detail ?? "")?.[1];
      const name = field ? field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : undefined;
      return errorAnswer(
        409,
        name ? messages.recordExists(name) : messages.recordDuplicate,
        name ? { [name]: messages.valueInUse(name) } : undefined,
      );
    }
    case "23503":
      return errorAnswer(409, messages.recordReferenced);
    case "22P02":
    case "22003":
    case "22001":
    case "22007":
    case "22008":
    // A NUL character (U+0000) in text or JSON, which PostgreSQL cannot store.
    case "22021":
    case "22P05":
      return errorAnswer(400, messages.valueInvalid);
    default:
      return undefined;
  }
}

/** The error and its causes (Drizzle wraps the driver's error; node wraps socket errors). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

// Socket-level failures reaching the database, and PostgreSQL's own "not now" codes: class 08
// (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now,
// 53300 too_many_connections.
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const unavailableSqlStates = /^(08...|57P0[123]|53300)$/;
// node-postgres reports a lost or unobtainable connection by message only.
const lostConnection =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended|Query read timeout/i;

/**
 * The database being away (restarting, unreachable, out of connections) or too slow is not the
 * client's fault and not our bug: 503 with a message and Retry-After, so callers try again shortly.
 */
function databaseUnavailableAnswer(error: unknown): Answer | undefined {
  for (const candidate of causeChain(error)) {
    const { code, message } = candidate as { code?: unknown; message?: unknown };
    if (typeof code === "string" && code === "57014") return errorAnswer(503, messages.databaseBusy);
    if (typeof code === "string" && (unreachableCodes.has(code) || unavailableSqlStates.test(code))) {
      return errorAnswer(503, messages.databaseUnavailable);
    }
    if (typeof message === "string" && lostConnection.test(message)) {
      return errorAnswer(503, messages.databaseUnavailable);
    }
  }
  return undefined;
}

// Fastify's own refusals of a body, by its error code, in the catalogue's words.
const fastifyMessages: Record<string, Message> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.bodyEmpty,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.bodyNotJson,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.mediaTypeUnsupported,
};

function validationAnswer(error: FastifyError): Answer {
  // The schemas' messages are the contract's catalogue (zod's own, for a shape no form sends, are not).
  const fieldErrors: Record<string, Message> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
    fieldErrors[field] ??= (issue.message ?? messages.validation) as Message;
  }
  const first = Object.entries(fieldErrors)[0];
  const message = first
    ? first[0] === "_"
      ? first[1]
      : messages.fieldInvalid(first[0], first[1])
    : messages.validation;
  return errorAnswer(400, message, fieldErrors);
}

/** One error handler for the whole API (decision 0007). Bad input never answers 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(validationAnswer(error));
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(errorAnswer(error.statusCode, error.message, error.fieldErrors));
    }
    const unavailable = databaseUnavailableAnswer(error);
    if (unavailable) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("retry-after", "5").send(unavailable);
    }
    const fromPostgres = postgresAnswer(error);
    if (fromPostgres) {
      request.log.info({ err: error }, "database refused a client value");
      return reply.code(fromPostgres.statusCode).send(fromPostgres);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Any other refusal keeps Fastify's words, under the code requestRefused.
      const message = fastifyMessages[error.code] ?? (error.message as Message);
      return reply.code(status).send(errorAnswer(status, message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(errorAnswer(500, messages.internal));
  });
}
