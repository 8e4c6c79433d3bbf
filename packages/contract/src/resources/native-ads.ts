import { z } from "zod";
import { settingLimits as limits } from "../constants.ts";
import { messages } from "../messages.ts";
import { nativeAdsNetworks } from "./network.ts";
import { boundedInt, enableFlagSchema, savedIdSchema } from "./tenant-config.ts";

const clicks = boundedInt(limits.nativeClicks.min, limits.nativeClicks.max);

/** The AppLovin-type native ads form: click counts 0 to 10 and four switches. */
export const nativeAdsBodySchema = z.object({
  network: z.enum(nativeAdsNetworks, { error: messages.unknownNetwork }),
  owClick: clicks,
  navClick: clicks,
  owEnable: enableFlagSchema,
  openEnable: enableFlagSchema,
  navClickEnable: enableFlagSchema,
  bannerEnable: enableFlagSchema,
});
export type NativeAdsBody = z.input<typeof nativeAdsBodySchema>;

export const nativeAdsSchema = nativeAdsBodySchema.extend({
  _id: savedIdSchema,
  adminId: z.string(),
  owClick: z.number().int(),
  navClick: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type NativeAds = z.infer<typeof nativeAdsSchema>;
export const nativeAdsCreatedSchema = z.object({ nativeAds: nativeAdsSchema });
