import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";

export type PlatformMessage = { to: string; subject: string; text: string; html?: string };

/** Mail the platform itself sends (password recovery), as opposed to a tenant's own Mailgun config. */
export type PlatformMailer = { send(message: PlatformMessage): Promise<void> };

/** A refused or failed send; `transient` says whether trying again later may succeed (5xx, 429, network). */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
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
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/v3/${encodeURIComponent(settings.domain)}/messages`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`api:${settings.apiKey}`).toString("base64")}` },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new MailSendError(`Mailgun could not be reached: ${(error as Error).message}`, true);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    const transient = response.status >= 500 || response.status === 429;
    throw new MailSendError(`Mailgun answered ${response.status}: ${detail}`, transient, response.status);
  }
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

/** With no platform mail configured the message goes to the server log, so a local install works. */
export function logMailer(log: FastifyBaseLogger): PlatformMailer {
  return {
    async send(message) {
      log.warn(
        { mail: { to: message.to, subject: message.subject } },
        `Platform mail is not configured (PLATFORM_MAILGUN_*); the message is logged instead:\n${message.text}`,
      );
    },
  };
}
