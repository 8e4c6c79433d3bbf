import { type Language, messages, rewardMailPlaceholder } from "@rewards/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { appUsers, generalConfigs, mailConfigs, rewardMailTemplates } from "../../db/schema/index.ts";
import { escapeHtml, htmlToText, sanitizeEmailHtml } from "../../lib/html.ts";
import { mailText } from "../../lib/mail-texts/index.ts";
import type { OutboxRow } from "../../lib/outbox.ts";
import { MailSendError, sendViaMailgun } from "../../lib/platform-mail.ts";

/** What the reward e-mail carries: the message (HTML), the reward, its code and PIN if any, in a language. */
export type RewardMailInput = {
  language: Language;
  text: string;
  rewardName: string;
  code: string;
  pin?: string | null;
};

/** The reward e-mail: the (sanitised) message, then the gift card itself, labelled in the mail's language. */
export function composeRewardMail(input: RewardMailInput) {
  const body = sanitizeEmailHtml(input.text);
  const codeLabel = mailText(input.language, "reward.code");
  const pinLabel = mailText(input.language, "reward.pin");
  const pinHtml = input.pin ? `<br>${escapeHtml(pinLabel)}: <code>${escapeHtml(input.pin)}</code>` : "";
  const card = `<p><strong>${escapeHtml(input.rewardName)}</strong><br>${escapeHtml(codeLabel)}: <code>${escapeHtml(input.code)}</code>${pinHtml}</p>`;
  const html = `${body}${card}`;
  const pinText = input.pin ? `\n${pinLabel}: ${input.pin}` : "";
  return {
    body,
    html,
    text: `${htmlToText(body)}\n\n${input.rewardName}\n${codeLabel}: ${input.code}${pinText}`.trim(),
  };
}

/** The gift-card e-mail a language has until a member saves the app's own. */
export const builtInRewardMail = (language: Language) => ({
  subject: mailText(language, "reward.subject"),
  body: mailText(language, "reward.body"),
});

/**
 * The language a user's e-mails are written in: the one their app reported, else the app's default
 * language (General settings), else English. In SQL, over app_users left-joined to general_configs, so a
 * read can bring what depends on the language in the same statement.
 */
const userMailLanguage = sql<Language>`coalesce(${appUsers.language}, ${generalConfigs.language}, 'en')`;

/** The app's settings, joined to its user: what userMailLanguage reads beside the user. */
const appSettings = eq(generalConfigs.adminId, appUsers.adminId);
const theUser = (appId: string, userId: string) => and(eq(appUsers.adminId, appId), eq(appUsers.id, userId));

/** The language of a user's e-mails (userMailLanguage); English for a user who does not exist. One read. */
export async function mailLanguageOf(tx: Db | Tx, appId: string, userId: string): Promise<Language> {
  const [row] = await tx
    .select({ language: userMailLanguage })
    .from(appUsers)
    .leftJoin(generalConfigs, appSettings)
    .where(theUser(appId, userId));
  return row?.language ?? "en";
}

export type RewardMailDraft = { language: Language; subject: string; text: string };

/**
 * The gift-card e-mail for a user's reward: the app's template in the user's language (the built-in one
 * until saved), with the reward's name in place of {reward}; HTML-escaped in the body, as written in
 * the subject. A user who does not exist gets English's built-in mail.
 */
export async function rewardMailDraft(
  tx: Db | Tx,
  appId: string,
  userId: string,
  rewardName: string,
): Promise<RewardMailDraft> {
  // The language and the app's template in it, in one statement.
  const [row] = await tx
    .select({
      language: userMailLanguage,
      subject: rewardMailTemplates.subject,
      body: rewardMailTemplates.body,
    })
    .from(appUsers)
    .leftJoin(generalConfigs, appSettings)
    .leftJoin(
      rewardMailTemplates,
      and(
        eq(rewardMailTemplates.adminId, appUsers.adminId),
        eq(rewardMailTemplates.language, userMailLanguage),
      ),
    )
    .where(theUser(appId, userId));
  const language = row?.language ?? "en";
  const saved =
    row?.subject != null && row.body != null ? { subject: row.subject, body: row.body } : undefined;
  const template = saved ?? builtInRewardMail(language);
  return {
    language,
    // A function, so that "$&" in a reward's name is written as it is.
    subject: template.subject.replaceAll(rewardMailPlaceholder, () => rewardName),
    text: template.body.replaceAll(rewardMailPlaceholder, () => escapeHtml(rewardName)),
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
