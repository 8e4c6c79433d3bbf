import { z } from "zod";
import { fileField, idSchema, listAnswerSchema, listQuerySchema, textFilter } from "../common.ts";
import { messages } from "../messages.ts";

/** The reward and reward-item tables page by 1, 3 or 5, 5 by default, sorted by id ascending (decision 0015). */
export const catalogPageSizes = [1, 3, 5] as const;
export const catalogDefaultPageSize = 5;

/** A reward: a gift card offered in one country. iconUrl is its image's address (/uploads/{id}). */
export const rewardSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Shown as PRIORITY. */
  order: z.number().int(),
  iconUrl: z.string().nullable(),
  countryId: z.string(),
  createdAt: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardOrderLimits = { min: 0, max: 1_000_000 } as const;

/**
 * The reward form's text fields, sent in the multipart create and update (POST /api/reward/rewards/add/
 * {countryId}, PUT /api/reward/rewards/{id}); the icon travels beside them as the file "file", required
 * on create and optional on update.
 */
export const rewardFieldsSchema = z.object({
  name: z
    .string({ error: messages.rewardNameRequired })
    .trim()
    .min(1, messages.rewardNameRequired)
    .min(2, messages.min(2))
    .max(50, messages.max(50)),
  order: z
    .number({ error: messages.priorityRequired })
    .int(messages.wholeNumber)
    .min(rewardOrderLimits.min, messages.minimum(rewardOrderLimits.min))
    .max(rewardOrderLimits.max, messages.maximum(rewardOrderLimits.max)),
});
export type RewardFields = z.input<typeof rewardFieldsSchema>;
/** The multipart field that carries the icon. */
export const rewardIconField = "file";

/** The create form as the document shows it: the text fields and the icon, required. */
export const rewardCreateFormSchema = rewardFieldsSchema.extend({
  [rewardIconField]: fileField("The icon: PNG, JPEG, WebP, GIF or ICO, at most 2 MB"),
});
/** The update form: a new icon is optional (the old one stays when absent). */
export const rewardUpdateFormSchema = rewardFieldsSchema.extend({
  [rewardIconField]: fileField("A new icon (the old one stays when absent)").optional(),
});
export const rewardCreatedSchema = z.object({ reward: rewardSchema });

export const rewardSortFields = ["_id", "order", "name"] as const;
export type RewardSortField = (typeof rewardSortFields)[number];
export const rewardFilterSchema = z.object({ name: textFilter(), _id: idSchema.optional() });
export type RewardFilter = z.input<typeof rewardFilterSchema>;
export const rewardListBodySchema = listQuerySchema(rewardFilterSchema, rewardSortFields, {
  sortField: "_id",
  sortOrder: "asc",
  pageSize: catalogDefaultPageSize,
});
export type RewardListBody = z.input<typeof rewardListBodySchema>;
export const rewardListAnswerSchema = listAnswerSchema(rewardSchema);
export type RewardListAnswer = z.infer<typeof rewardListAnswerSchema>;

export const countryIdParamsSchema = z.object({ countryId: idSchema });
