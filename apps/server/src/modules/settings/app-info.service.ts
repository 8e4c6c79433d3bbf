import type { AppInfo } from "@rewards/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { socialConfigs } from "../../db/schema/index.ts";
import { findNativeAds } from "../network/index.ts";
import { getAppSetting } from "./app-setting.service.ts";
import { getGeneralConfig } from "./general-config.service.ts";

/**
 * What the app shows before and after sign-in: identity, point rules, the social pages to like and
 * share, native-ads settings. Only public values: social secrets are never read here.
 */
export async function appInfo(db: Db, adminId: string): Promise<AppInfo> {
  const [setting, general, social, ads] = await Promise.all([
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
    findNativeAds(db, adminId, "applovin"),
  ]);
  const socialOf = (name: string) => social.find((row) => row.name === name);
  const facebook = socialOf("facebook");
  const google = socialOf("google");
  const twitter = socialOf("twitter");
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
