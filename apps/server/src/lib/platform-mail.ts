import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";
import { logsSecretOnPurpose } from "./log-redaction.ts";

export type PlatformMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Mailgun custom variables (sent as `v:<name>`), e.g. the outbox id that makes duplicates traceable. */
  variables?: Record<string, string>;
};

/** Mail the platform itself sends (password recovery), as opposed to a tenant's own Mailgun config. */
export type PlatformMailer = { send(message: PlatformMessage): Promise<void> };

/** A refused or failed send; `transient` says whether trying again later may succeed (5xx, 429, network). */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status?: number,
    /** How long the provider asked us to wait (a 429's Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A fetch failure in words an operator can act on: a time-out says how long we waited. */
export function unreachableReason(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: string })?.name;
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
}

export type MailgunSettings = { domain: string; apiKey: string; from: string; baseUrl: string };

/** One message through Mailgun's HTTP API. Answers Mailgun's message id. */
export async function sendViaMailgun(
  settings: MailgunSettings,
  message: PlatformMessage,
  timeoutMs = 10_000,
): Promise<string | undefined> {
  const form = new URLSearchParams({
    from: settings.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
  });
  if (message.html) form.set("html", message.html);
  for (const [name, value] of Object.entries(message.variables ?? {})) form.set(`v:${name}`, value);
  // One signal for the whole exchange: a provider that answers headers and then stalls the body
  // times out too.
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/v3/${encodeURIComponent(settings.domain)}/messages`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`api:${settings.apiKey}`).toString("base64")}` },
      body: form,
      redirect: "error",
      signal,
    });
  } catch (error) {
    throw new MailSendError(`Mailgun could not be reached: ${unreachableReason(error, timeoutMs)}`, true);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    const transient = response.status >= 500 || response.status === 429;
    throw new MailSendError(
      `Mailgun answered ${response.status}: ${detail}`,
      transient,
      response.status,
      retryAfterMs(response.headers.get("retry-after")),
    );
  }
  // Accepted (2xx): even if the body stalls or is unreadable the message went out; only its id is lost.
  const answer = (await response.json().catch(() => ({}))) as { id?: string };
  return answer.id;
}

/** Mailgun's HTTP API: POST {base}/v3/{domain}/messages, basic auth api:{key}, form fields. */
export function mailgunMailer(
  settings: NonNullable<Config["platformMail"]>,
  timeoutMs = 10_000,
): PlatformMailer {
  return {
    async send(message) {
      await sendViaMailgun(settings, message, timeoutMs);
    },
  };
}

/**
 * With no platform mail configured the message goes to the server log, so a local install works. Its
 * reset link is the one secret written to the log on purpose: buildApp uses this mailer only then.
 */
export function logMailer(log: FastifyBaseLogger): PlatformMailer {
  return {
    async send(message) {
      log.warn(
        { mail: { to: message.to, subject: message.subject }, [logsSecretOnPurpose]: true },
        `Platform mail is not configured (PLATFORM_MAILGUN_*); the message is logged instead:\n${message.text}`,
      );
    },
  };
}
