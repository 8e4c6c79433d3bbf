import { type MailConfig, type mailBodySchema, messages } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { mailConfigs } from "../../db/schema/index.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
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

export async function createMailConfig(db: Db, adminId: string, input: MailInput) {
  const [row] = await db
    .insert(mailConfigs)
    .values({ id: newId(), adminId, ...input })
    .onConflictDoNothing({ target: mailConfigs.adminId })
    .returning();
  if (!row) throw new AppError(409, messages.settingExists);
  return toMailConfig(row);
}

export async function updateMailConfig(db: Db, adminId: string, id: string, input: MailInput) {
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
    return row ? toMailConfig(row) : null;
  });
}

/**
 * Sends a real message through the SAVED config, so the operator learns whether Mailgun accepts it
 * before a user's reward depends on it. Mailgun refusing (or unreachable) answers 502 with its reason.
 */
export async function sendTestMail(db: Db, adminId: string, to: string, mailgunBaseUrl: string) {
  const [row] = await db.select().from(mailConfigs).where(eq(mailConfigs.adminId, adminId));
  if (!row) throw new AppError(400, messages.mailNotConfigured);
  const mailer = mailgunMailer({
    domain: row.mailgunDomain,
    apiKey: row.apiKey,
    from: row.fromEmail,
    baseUrl: mailgunBaseUrl,
  });
  try {
    await mailer.send({
      to,
      subject: "Test e-mail from your rewards app",
      text: `This is a test message sent through the Mailgun domain ${row.mailgunDomain}. Mail sending works.`,
    });
  } catch (error) {
    throw new AppError(502, messages.mailTestFailed(error instanceof Error ? error.message : String(error)));
  }
  return { message: messages.mailTestSent(to) };
}
