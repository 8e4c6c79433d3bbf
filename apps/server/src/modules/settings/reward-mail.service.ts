import {
  type Language,
  languages,
  type RewardMailTemplate,
  type RewardMailTemplateBody,
  type RewardMailTemplates,
} from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rewardMailTemplates } from "../../db/schema/index.ts";
import { type Actor, byActor, changesBetween, recordAudit } from "../../lib/audit.ts";
import { sanitizeEmailHtml } from "../../lib/html.ts";
import { builtInRewardMail } from "../payouts/index.ts";

type TemplateRow = typeof rewardMailTemplates.$inferSelect;

const saved = (row: TemplateRow): RewardMailTemplate => ({
  language: row.language,
  subject: row.subject,
  body: row.body,
  custom: true,
  updatedAt: row.updatedAt.toISOString(),
});

const builtIn = (language: Language): RewardMailTemplate => ({
  language,
  ...builtInRewardMail(language),
  custom: false,
  updatedAt: null,
});

/** Every language's gift-card e-mail: the app's own where saved, else the built-in text. */
export async function listRewardMailTemplates(db: Db, appId: string): Promise<RewardMailTemplates> {
  const rows = await db.select().from(rewardMailTemplates).where(eq(rewardMailTemplates.adminId, appId));
  const byLanguage = new Map(rows.map((row) => [row.language, row]));
  return {
    templates: languages.map((language) => {
      const row = byLanguage.get(language);
      return row ? saved(row) : builtIn(language);
    }),
  };
}

type TemplateText = { subject: string; body: string };

const templateEntry = (
  actor: Actor,
  language: Language,
  before: TemplateText | null,
  after: TemplateText | null,
) =>
  byActor(actor, {
    action: after ? "settings.rewardMail.save" : "settings.rewardMail.reset",
    recordType: "rewardMailTemplate",
    recordId: language,
    changes: changesBetween(before, after),
  });

/** Saves one language's template (its body sanitised as it will be sent), recorded with what changed. */
export async function saveRewardMailTemplate(
  db: Db,
  actor: Actor,
  language: Language,
  input: Required<RewardMailTemplateBody>,
): Promise<RewardMailTemplate> {
  const values = { subject: input.subject, body: sanitizeEmailHtml(input.body) };
  return db.transaction(async (tx) => {
    const where = and(
      eq(rewardMailTemplates.adminId, actor.appId),
      eq(rewardMailTemplates.language, language),
    );
    const [before] = await tx.select().from(rewardMailTemplates).where(where).for("update");
    const [row] = await tx
      .insert(rewardMailTemplates)
      .values({ adminId: actor.appId, language, ...values })
      .onConflictDoUpdate({
        target: [rewardMailTemplates.adminId, rewardMailTemplates.language],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error("the template was not saved");
    const beforeValues = before
      ? { subject: before.subject, body: before.body }
      : builtInRewardMail(language);
    await recordAudit(tx, templateEntry(actor, language, beforeValues, values));
    return saved(row);
  });
}

/** Back to the built-in text of a language; recorded only when there was an own one to remove. */
export async function resetRewardMailTemplate(
  db: Db,
  actor: Actor,
  language: Language,
): Promise<RewardMailTemplate> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(rewardMailTemplates)
      .where(and(eq(rewardMailTemplates.adminId, actor.appId), eq(rewardMailTemplates.language, language)))
      .returning();
    if (removed) {
      await recordAudit(
        tx,
        templateEntry(actor, language, { subject: removed.subject, body: removed.body }, null),
      );
    }
  });
  return builtIn(language);
}
