import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.ts";

export type PlatformMessage = { to: string; subject: string; text: string; html?: string };

/** Mail the platform itself sends (password recovery), as opposed to a tenant's own Mailgun config. */
export type PlatformMailer = { send(message: PlatformMessage): Promise<void> };

export class MailSendError extends Error {}

/** Mailgun's HTTP API: POST {base}/v3/{domain}/messages, basic auth api:{key}, form fields. */
export function mailgunMailer(
  settings: NonNullable<Config["platformMail"]>,
  timeoutMs = 10_000,
): PlatformMailer {
  return {
    async send(message) {
      const form = new URLSearchParams({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      if (message.html) form.set("html", message.html);
      const response = await fetch(`${settings.baseUrl}/v3/${encodeURIComponent(settings.domain)}/messages`, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`api:${settings.apiKey}`).toString("base64")}` },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 300);
        throw new MailSendError(`Mailgun answered ${response.status}: ${detail}`);
      }
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
