import { z } from "zod";
import { idSchema, listAnswerSchema, listQuerySchema } from "../common.ts";
import { maxPageSize } from "../constants.ts";
import { messages } from "../messages.ts";

/**
 * Every kind of administrator write the audit log records (decision 0021): `<record>.<what>`. Bulk calls
 * record one entry per record, so each record's history is complete.
 */
export const auditActions = [
  "user.update",
  "user.status",
  "redeem.status",
  "redeem.pay",
  "redeem.cancel",
  "redeem.revealCode",
  "redeem.approve",
  "redeem.payMany",
  "country.create",
  "country.update",
  "country.delete",
  "reward.create",
  "reward.update",
  "reward.delete",
  "rewardItem.create",
  "rewardItem.update",
  "rewardItem.delete",
  "rewardCode.import",
  "rewardCode.reveal",
  "rewardCode.delete",
  "giveaway.save",
  "network.save",
  "nativeAds.save",
  "settings.identity.save",
  "settings.social.save",
  "settings.mail.save",
  "settings.mail.test",
  "settings.general.save",
  "settings.rewardMail.save",
  "settings.rewardMail.reset",
  "settings.push.save",
  "notification.send",
  "admin.approve",
  "admin.disable",
  "settings.security.save",
  "team.invite",
  "team.withdraw",
  "team.join",
  "team.role",
  "team.remove",
  "team.settings",
  "payoutSettings.update",
  "hold.release",
  "hold.extend",
  "export.run",
  "view.create",
  "view.delete",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What kind of record an entry is about; the Activity page links each to its screen. */
export const auditRecordTypes = [
  "user",
  "redeem",
  "country",
  "reward",
  "rewardItem",
  "rewardCode",
  "giveaway",
  "network",
  "nativeAds",
  "appSetting",
  "socialConfig",
  "mailConfig",
  "generalConfig",
  "rewardMailTemplate",
  "pushConfig",
  "notification",
  "admin",
  "securityConfig",
  "member",
  "invite",
  "teamSettings",
  "payoutSettings",
  "payoutJob",
  "export",
  "view",
] as const;
export type AuditRecordType = (typeof auditRecordTypes)[number];

/** One changed field: the value before and after (one side only on create or delete). Secrets masked. */
export const auditChangeSchema = z.object({ before: z.unknown().optional(), after: z.unknown().optional() });
export type AuditChange = z.infer<typeof auditChangeSchema>;
export type AuditChanges = Record<string, AuditChange>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  /** One of auditActions; a string on the wire so an entry written by a newer version still lists. */
  action: z.string(),
  recordType: z.string(),
  recordId: z.string().nullable(),
  /** Who did it; null for the shell (`npm run admin`). */
  actor: z.object({ _id: z.string(), fullName: z.string(), username: z.string() }).nullable(),
  changes: z.record(z.string(), auditChangeSchema),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditSortFields = ["createdAt"] as const;
export const auditFilterSchema = z.object({
  action: z.enum(auditActions, { error: messages.unknownAction }).optional(),
  recordId: idSchema.optional(),
  /** The member who acted (their account id). */
  actorId: idSchema.optional(),
});
export type AuditFilter = z.input<typeof auditFilterSchema>;
export const auditListBodySchema = listQuerySchema(auditFilterSchema, auditSortFields, {
  sortField: "createdAt",
  sortOrder: "desc",
});
export type AuditListBody = z.input<typeof auditListBodySchema>;
export const auditListAnswerSchema = listAnswerSchema(auditEntrySchema);
export type AuditListAnswer = z.infer<typeof auditListAnswerSchema>;

/** GET /api/audit/record/{id}: one record's history, newest first. */
export const auditHistoryQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, messages.between("pageSize", 1, maxPageSize))
    .max(maxPageSize, messages.between("pageSize", 1, maxPageSize))
    .default(10),
});
export type AuditHistoryQuery = z.input<typeof auditHistoryQuerySchema>;

/** GET /api/audit/actors: the app's members, to filter the activity by who acted. */
export const auditActorSchema = z.object({ _id: z.string(), fullName: z.string(), email: z.string() });
export type AuditActor = z.infer<typeof auditActorSchema>;
export const auditActorsAnswerSchema = z.object({ actors: z.array(auditActorSchema) });
