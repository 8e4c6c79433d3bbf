import { type Language, type MailConfig, type mailBodySchema, messages } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { mailConfigs } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { mailText } from "../../lib/mail-texts/index.ts";
import { mailgunMailer } from "../../lib/platform-mail.ts";
import { keepOrReplace, maskSecret } from "../../lib/secrets.ts";

type MailRow = typeof mailConfigs.$inferSelect;
type MailInput = z.output<typeof mailBodySchema>;

const toMailConfig = (row: MailRow): MailConfig => ({
  _id: row.id,
  adminId: row.adminId,
  name: "mailgun",
  mailgunDomain: row.mailgunDomain,
  apiKey: maskSecret(row.apiKey),
  fromEmail: row.fromEmail,
  supportEmail: row.supportEmail,
  updatedAt: row.updatedAt.toISOString(),
});

export async function getMailConfig(db: Db, adminId: string): Promise<MailConfig> {
  const [row] = await db.select().from(mailConfigs).where(eq(mailConfigs.adminId, adminId));
  if (row) return toMailConfig(row);
  const empty = { mailgunDomain: "", apiKey: "", fromEmail: "", supportEmail: "" };
  return { adminId, name: "mailgun", ...empty, updatedAt: null };
}

const mailEntry = (actor: Actor, before: MailRow | null, after: MailRow) =>
  byActor(actor, {
    action: "settings.mail.save",
    recordType: "mailConfig",
    recordId: after.id,
    changes: changesBetween(before, after, { apiKey: true }),
  });

export async function createMailConfig(db: Db, actor: Actor, input: MailInput) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailConfigs)
      .values({ id: newId(), adminId, ...input })
      .onConflictDoNothing({ target: mailConfigs.adminId })
      .returning();
    if (!row) throw new AppError(409, messages.settingExists);
    await recordAudit(tx, mailEntry(actor, null, row));
    return toMailConfig(row);
  });
}

export async function updateMailConfig(db: Db, actor: Actor, id: string, input: MailInput) {
  const adminId = actor.appId;
  return db.transaction(async (tx) => {
    const where = and(eq(mailConfigs.adminId, adminId), eq(mailConfigs.id, id));
    const [current] = await tx.select().from(mailConfigs).where(where).for("update");
    if (!current) return null;
    const apiKey = keepOrReplace(input.apiKey, current.apiKey);
    const [row] = await tx
      .update(mailConfigs)
      .set({ ...input, apiKey, updatedAt: new Date() })
      .where(where)
      .returning();
    if (!row) return null;
    await recordAudit(tx, mailEntry(actor, current, row));
    return toMailConfig(row);
  });
}

/**
 * Sends a real message through the SAVED config, so the operator learns whether Mailgun accepts it
 * before a user's reward depends on it. Mailgun refusing (or unreachable) answers 502 with its reason.
 */
export async function sendTestMail(
  db: Db,
  actor: Actor,
  message: { to: string; language: Language },
  mailgun: { baseUrl: string; timeoutMs: number },
) {
  const { to, language } = message;
  const adminId = actor.appId;
  const [row] = await db.select().from(mailConfigs).where(eq(mailConfigs.adminId, adminId));
  if (!row) throw new AppError(400, messages.mailNotConfigured);
  const mailer = mailgunMailer(
    { domain: row.mailgunDomain, apiKey: row.apiKey, from: row.fromEmail, baseUrl: mailgun.baseUrl },
    mailgun.timeoutMs,
  );
  let failure: string | null = null;
  try {
    await mailer.send({
      to,
      subject: mailText(language, "testMail.subject"),
      text: mailText(language, "testMail.text", { domain: row.mailgunDomain }),
    });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  // Sent or refused, the attempt is on record: it spends the tenant's Mailgun quota and reputation.
  await db.transaction((tx) =>
    recordAudit(
      tx,
      byActor(actor, {
        action: "settings.mail.test",
        recordType: "mailConfig",
        recordId: row.id,
        changes: changesBetween(null, { to, outcome: failure === null ? "sent" : "failed" }),
      }),
    ),
  );
  if (failure !== null) throw new AppError(502, messages.mailTestFailed(failure));
  return { message: messages.mailTestSent(to) };
}
