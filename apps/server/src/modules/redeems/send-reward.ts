import { messages, type RedeemDetails, redeemStatus, type sendRewardBodySchema } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { mailConfigs, mailOutbox } from "../../db/schema/index.ts";
import { byTenant, changesBetween, recordAudit } from "../../lib/audit.ts";
import { AppError } from "../../lib/errors.ts";
import { escapeHtml, htmlToText, sanitizeEmailHtml } from "../../lib/html.ts";
import { newId } from "../../lib/ids.ts";
import type { OutboxRow } from "../../lib/outbox.ts";
import { MailSendError, sendViaMailgun } from "../../lib/platform-mail.ts";
import { changeRedeemStatus, lockRedeems } from "./redeem-points.ts";
import type { RedeemRow } from "./redeems.mapper.ts";
import { getRedeemDetails } from "./redeems.service.ts";

type SendRewardInput = z.output<typeof sendRewardBodySchema>;

/** The reward e-mail: the operator's (sanitised) message, then the gift card itself. */
function composeRewardMail(input: SendRewardInput) {
  const body = sanitizeEmailHtml(input.text);
  const card = `<p><strong>${escapeHtml(input.rewardName)}</strong><br>Gift card code: <code>${escapeHtml(input.code)}</code></p>`;
  const html = `${body}${card}`;
  return {
    body,
    html,
    text: `${htmlToText(body)}\n\n${input.rewardName}\nGift card code: ${input.code}`.trim(),
  };
}

/** The pay's audit entry: the new status and what the e-mail carries; the gift card code masked. */
function payEntry(adminId: string, redeem: RedeemRow, input: SendRewardInput) {
  const paid = (row: Pick<RedeemRow, "status" | "code" | "rewardName" | "redeemEmail" | "subject">) => ({
    status: row.status,
    code: row.code,
    rewardName: row.rewardName,
    redeemEmail: row.redeemEmail,
    subject: row.subject,
  });
  return byTenant(adminId, {
    action: "redeem.pay",
    recordType: "redeem",
    recordId: redeem.id,
    changes: changesBetween(paid(redeem), paid({ ...input, status: redeemStatus.sent }), { code: true }),
  });
}

/**
 * Pays a redeem: in one transaction stores the code, sets Sent (debiting its points again if it was
 * Rejected) and queues the e-mail in the outbox. A redeem already Sent answers 409 and queues nothing.
 */
export async function sendReward(
  db: Db,
  adminId: string,
  id: string,
  input: SendRewardInput,
): Promise<RedeemDetails | null> {
  const found = await db.transaction(async (tx) => {
    const [redeem] = await lockRedeems(tx, adminId, [id]);
    if (!redeem) return false;
    if (redeem.status === redeemStatus.sent) throw new AppError(409, messages.redeemAlreadySent);
    const [config] = await tx
      .select({ id: mailConfigs.id })
      .from(mailConfigs)
      .where(eq(mailConfigs.adminId, adminId));
    if (!config) throw new AppError(400, messages.mailNotConfigured);
    const mail = composeRewardMail(input);
    await recordAudit(tx, payEntry(adminId, redeem, input));
    await changeRedeemStatus(tx, redeem, redeemStatus.sent, {
      code: input.code,
      rewardName: input.rewardName,
      redeemEmail: input.redeemEmail,
      subject: input.subject,
      bodyHtml: mail.body,
      paidByAdminId: adminId,
      paidAt: new Date(),
    });
    await tx.insert(mailOutbox).values({
      id: newId(),
      adminId,
      redeemId: id,
      toAddress: input.redeemEmail,
      subject: input.subject,
      html: mail.html,
      text: mail.text,
    });
    return true;
  });
  return found ? getRedeemDetails(db, adminId, id) : null;
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
