import { z } from "zod";
import { idSchema, listAnswerSchema, listQuerySchema, textFilter } from "../common.ts";
import { messages } from "../messages.ts";
import { fulfilmentSchema } from "./payouts.ts";
import { catalogDefaultPageSize } from "./rewards.ts";
import { intMessage } from "./tenant-config.ts";

/** A reward item: one denomination of a reward: its label (REWARD Amount) and its price in points. */
export const rewardItemSchema = z.object({
  _id: z.string(),
  /** The label shown as REWARD Amount, e.g. "$5". */
  cost: z.string(),
  /** Reward Cost, shown as "N P". */
  points: z.number().int(),
  rewardId: z.string(),
  /** How its redeems are paid (docs/features/payouts.md). */
  fulfilment: fulfilmentSchema,
  /** An inventory item's stock is low (dashboard alert, red on the catalog) below this many codes. */
  lowStockBelow: z.number().int(),
  /** A provider item's reward on Tremendous: its product or campaign, and the value ordered. */
  providerProductId: z.string().nullable(),
  providerCampaignId: z.string().nullable(),
  providerValue: z.number().nullable(),
  providerCurrency: z.string(),
  /** Unused, unexpired codes of an inventory item; null for other fulfilments. */
  available: z.number().int().nullable(),
  createdAt: z.string(),
});
export type RewardItem = z.infer<typeof rewardItemSchema>;

export const rewardItemPointsLimits = { min: 0, max: 1_000_000_000 } as const;

const providerId = z
  .string()
  .trim()
  .max(100, messages.max(100))
  .nullable()
  .default(null)
  .transform((id) => id || null);

/** The reward item form. */
export const rewardItemBodySchema = z.object({
  cost: z
    .string({ error: messages.rewardItemNameRequired })
    .trim()
    .min(1, messages.rewardItemNameRequired)
    .max(50, messages.max(50)),
  points: z
    .number({ error: messages.pointsRequired })
    .int(
      intMessage(messages.minimum(rewardItemPointsLimits.min), messages.maximum(rewardItemPointsLimits.max)),
    )
    .min(rewardItemPointsLimits.min, messages.minimum(rewardItemPointsLimits.min))
    .max(rewardItemPointsLimits.max, messages.maximum(rewardItemPointsLimits.max)),
  fulfilment: fulfilmentSchema.default("manual"),
  lowStockBelow: z
    .number({ error: messages.required })
    .int(messages.wholeNumber)
    .min(0, messages.minimum(0))
    .max(1_000_000, messages.maximum(1_000_000))
    .default(10),
  /** Required with fulfilment "provider": a product or a campaign, and the value (denomination). */
  providerProductId: providerId,
  providerCampaignId: providerId,
  providerValue: z
    .number({ error: messages.amountInvalid })
    .min(0.01, messages.minimum(0.01))
    .max(10_000, messages.maximum(10_000))
    // In cents, within float error: 2.55 * 100 is 254.99999999999997.
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, messages.twoDecimals)
    .nullable()
    .default(null),
  providerCurrency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, messages.currencyCodeFormat)
    .default("USD"),
});
export type RewardItemBody = z.input<typeof rewardItemBodySchema>;
export const rewardItemCreatedSchema = z.object({ rewardItem: rewardItemSchema });

export const rewardItemSortFields = ["_id", "points", "cost"] as const;
export type RewardItemSortField = (typeof rewardItemSortFields)[number];
export const rewardItemFilterSchema = z.object({ cost: textFilter(), _id: idSchema.optional() });
export type RewardItemFilter = z.input<typeof rewardItemFilterSchema>;
export const rewardItemListBodySchema = listQuerySchema(rewardItemFilterSchema, rewardItemSortFields, {
  sortField: "_id",
  sortOrder: "asc",
  pageSize: catalogDefaultPageSize,
});
export type RewardItemListBody = z.input<typeof rewardItemListBodySchema>;
export const rewardItemListAnswerSchema = listAnswerSchema(rewardItemSchema);
export type RewardItemListAnswer = z.infer<typeof rewardItemListAnswerSchema>;

export const rewardIdParamsSchema = z.object({ rewardId: idSchema });
