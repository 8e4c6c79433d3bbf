import { z } from "zod";
import { idSchema } from "../common.ts";
import { rewardListBodySchema } from "./rewards.ts";

/** The lists that can be exported as CSV, by their name in `POST /api/export/:list`. */
export const exportLists = [
  "users",
  "offers",
  "redeems",
  "postbacks",
  "audit",
  "notifications",
  "countries",
  "rewards",
] as const;
export type ExportList = (typeof exportLists)[number];

/** The rewards list is a country's: its export body names the country beside the list body. */
export const rewardExportBodySchema = rewardListBodySchema.extend({ countryId: idSchema });
export type RewardExportBody = z.input<typeof rewardExportBodySchema>;

/** The notification history has no filters: its export takes an empty body. */
export const notificationExportBodySchema = z.object({});

/** An export reads its rows in batches of this many and writes each batch at once (memory stays flat). */
export const exportBatchSize = 1000;
