import { messages } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { mailConfigs } from "../../db/schema/index.ts";
import { escapeHtml, htmlToText, sanitizeEmailHtml } from "../../lib/html.ts";
import type { OutboxRow } from "../../lib/outbox.ts";
import { MailSendError, sendViaMailgun } from "../../lib/platform-mail.ts";

/** What the reward e-mail carries: the operator's message (HTML), the reward, its code and PIN if any. */
export type RewardMailInput = { text: string; rewardName: string; code: string; pin?: string | null };

/** The reward e-mail: the operator's (sanitised) message, then the gift card itself. */
export function composeRewardMail(input: RewardMailInput) {
  const body = sanitizeEmailHtml(input.text);
  const pinHtml = input.pin ? `<br>PIN: <code>${escapeHtml(input.pin)}</code>` : "";
  const card = `<p><strong>${escapeHtml(input.rewardName)}</strong><br>Gift card code: <code>${escapeHtml(input.code)}</code>${pinHtml}</p>`;
  const html = `${body}${card}`;
  const pinText = input.pin ? `\nPIN: ${input.pin}` : "";
  return {
    body,
    html,
    text: `${htmlToText(body)}\n\n${input.rewardName}\nGift card code: ${input.code}${pinText}`.trim(),
  };
}

/**
 * Delivers an outbox message through its tenant's current Mailgun config. The outbox id rides along as
 * the Mailgun variable `v:outbox_id`, so a duplicate (at-least-once delivery) can be traced to its row.
 */
export function deliverThroughTenantMailgun(db: Db, mailgunBaseUrl: string, timeoutMs?: number) {
  return async (message: OutboxRow) => {
    const [config] = await db.select().from(mailConfigs).where(eq(mailConfigs.adminId, message.adminId));
    if (!config) throw new MailSendError(messages.mailNotConfigured, false);
    return sendViaMailgun(
      {
        domain: config.mailgunDomain,
        apiKey: config.apiKey,
        from: config.fromEmail,
        baseUrl: mailgunBaseUrl,
      },
      {
        to: message.toAddress,
        subject: message.subject,
        text: message.text,
        html: message.html,
        variables: { outbox_id: message.id },
      },
      timeoutMs,
    );
  };
}
