import type { AppGiveaway, AppInfo } from "@rewards/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { nativeAdsConfigs, socialConfigs } from "../../db/schema/index.ts";
import { getGiveaway } from "../giveaway/giveaway.service.ts";
import { getAppSetting } from "../settings/app-setting.service.ts";
import { getGeneralConfig } from "../settings/general-config.service.ts";

/**
 * What the app shows before and after sign-in: identity, point rules, the social pages to like and
 * share, native-ads settings. Only public values: social secrets are never read here.
 */
export async function appInfo(db: Db, adminId: string): Promise<AppInfo> {
  const [setting, general, social, nativeAds] = await Promise.all([
    getAppSetting(db, adminId),
    getGeneralConfig(db, adminId),
    db
      .select({
        name: socialConfigs.name,
        appId: socialConfigs.appId,
        appPage: socialConfigs.appPage,
        shareText: socialConfigs.shareText,
      })
      .from(socialConfigs)
      .where(eq(socialConfigs.adminId, adminId)),
    db
      .select()
      .from(nativeAdsConfigs)
      .where(and(eq(nativeAdsConfigs.adminId, adminId), eq(nativeAdsConfigs.network, "applovin"))),
  ]);
  const socialOf = (name: string) => social.find((row) => row.name === name);
  const facebook = socialOf("facebook");
  const google = socialOf("google");
  const twitter = socialOf("twitter");
  const ads = nativeAds[0];
  return {
    appName: setting.appName,
    moto: setting.moto,
    logo: setting.logo,
    favicon: setting.favicon,
    domain: setting.domain,
    sharingDomain: setting.sharingDomain,
    points: {
      refPercent: general.refPercent,
      ratio: general.ratio,
      fbLike: general.fbLike,
      fbShare: general.fbShare,
      twShare: general.twShare,
    },
    social: {
      facebook: facebook
        ? { appId: facebook.appId, appPage: facebook.appPage, shareText: facebook.shareText }
        : null,
      google: google ? { clientId: google.appId } : null,
      twitter: twitter ? { appPage: twitter.appPage, shareText: twitter.shareText } : null,
    },
    nativeAds: ads
      ? {
          network: ads.network,
          owClick: ads.owClick,
          navClick: ads.navClick,
          owEnable: ads.owEnable,
          openEnable: ads.openEnable,
          navClickEnable: ads.navClickEnable,
          bannerEnable: ads.bannerEnable,
        }
      : null,
  };
}

/** The giveaway and winners cards as the operator saved them (empty and off until then). */
export async function appGiveaway(db: Db, adminId: string): Promise<AppGiveaway> {
  const giveaway = await getGiveaway(db, adminId);
  return {
    giveawayTitle: giveaway.giveawayTitle,
    giveawayDescription: giveaway.giveawayDescription,
    giveawayStatus: giveaway.giveawayStatus,
    winnerTitle: giveaway.winnerTitle,
    winnerDescription: giveaway.winnerDescription,
    winnerStatus: giveaway.winnerStatus,
  };
}
