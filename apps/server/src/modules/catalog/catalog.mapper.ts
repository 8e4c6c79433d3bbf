import type { Country, Reward, RewardItem } from "@rewards/contract";
import type { countries, rewardItems, rewards } from "../../db/schema/index.ts";
import { uploadUrl } from "../../lib/uploads.ts";

export type CountryRow = typeof countries.$inferSelect;
export type RewardRow = typeof rewards.$inferSelect;
export type RewardItemRow = typeof rewardItems.$inferSelect;

export const toCountry = (row: CountryRow, rewardCount: number): Country => ({
  _id: row.id,
  fullName: row.fullName,
  code: row.code,
  priority: row.priority,
  rewardCount,
  createdAt: row.createdAt.toISOString(),
});

export const toReward = (row: RewardRow): Reward => ({
  _id: row.id,
  name: row.name,
  order: row.order,
  iconUrl: uploadUrl(row.iconUploadId),
  countryId: row.countryId,
  createdAt: row.createdAt.toISOString(),
});

/** `available` counts an inventory item's unused, unexpired codes; other fulfilments answer null. */
export const toRewardItem = (row: RewardItemRow, available: number | null = null): RewardItem => ({
  _id: row.id,
  cost: row.cost,
  points: row.points,
  rewardId: row.rewardId,
  fulfilment: row.fulfilment,
  lowStockBelow: row.lowStockBelow,
  providerProductId: row.providerProductId,
  providerCampaignId: row.providerCampaignId,
  providerValue: row.providerValue === null ? null : Number(row.providerValue),
  providerCurrency: row.providerCurrency,
  available: row.fulfilment === "inventory" ? (available ?? 0) : null,
  createdAt: row.createdAt.toISOString(),
});
