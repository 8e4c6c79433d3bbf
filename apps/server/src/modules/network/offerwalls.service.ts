import { createHash } from "node:crypto";
import { type AppOfferwallsAnswer, networkTabs } from "@rewards/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { networkConfigs } from "../../db/schema/index.ts";
import type { AppUserRow } from "../../plugins/require-app-user.ts";

type OfferwallNetwork = (typeof networkTabs.offerwall)[number];
type NetworkRow = typeof networkConfigs.$inferSelect;

const q = encodeURIComponent;
const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/**
 * Each offerwall's address for one user, with the user id where that network reads it back into its
 * postback (docs/app-api.md "Offerwalls" gives the sources; "assumed" there where none was found).
 * The id is our user id, the one the postbacks in docs/postbacks.md carry. The user sees all of it, so a
 * link never carries a postback secret.
 */
export const offerwallUrls: Record<OfferwallNetwork, (config: NetworkRow, userId: string) => string> = {
  // Documented: https://wall.adgaterewards.com/<wall code>/<user id>
  adgateow: (config, userId) => `https://wall.adgaterewards.com/${q(config.appId)}/${q(userId)}`,
  // Documented for the JSON variant (/v1/wall/json?playerid=&appid=); the web wall at /v1/wall is assumed.
  adgemow: (config, userId) => `https://api.adgem.com/v1/wall?appid=${q(config.appId)}&playerid=${q(userId)}`,
  // From integration notes quoting CPX's dashboard: secure_hash = md5(ext_user_id-<security hash>). The
  // user id is all it signs; the postback endpoint refuses a CPX trans_id that is a user id for that reason.
  cpxresearch: (config, userId) =>
    `https://offers.cpx-research.com/index.php?app_id=${q(config.appId)}&ext_user_id=${q(userId)}` +
    (config.appToken ? `&secure_hash=${md5(`${userId}-${config.appToken}`)}` : ""),
  // Assumed: placement id and the user as sid.
  lootably: (config, userId) => `https://wall.lootably.com/?placementID=${q(config.appId)}&sid=${q(userId)}`,
  // Documented: https://web.bitlabs.ai/?uid=<user id>&token=<app token>; the form's App Token is appId.
  bitlabs: (config, userId) => `https://web.bitlabs.ai/?uid=${q(userId)}&token=${q(config.appId)}`,
  // Documented: https://offerwall.hangmyads.com/ow?pubid=<publisher id>&subid=<unique id>
  hangmyadsow: (config, userId) =>
    `https://offerwall.hangmyads.com/ow?pubid=${q(config.appId)}&subid=${q(userId)}`,
};

/** Enabled for this user: the platform they signed up on, or either platform when it is unknown. */
function enabledFor(config: NetworkRow, platform: AppUserRow["device"]): boolean {
  if (!config.appId) return false;
  if (platform === "android") return config.androidEnable === 1;
  if (platform === "ios") return config.iosEnable === 1;
  return config.androidEnable === 1 || config.iosEnable === 1;
}

/** The offerwalls the tenant enabled, in the Network screen's order, addressed to this user. */
export async function offerwallsFor(db: Db, user: AppUserRow): Promise<AppOfferwallsAnswer> {
  const configs = await db
    .select()
    .from(networkConfigs)
    .where(
      and(
        eq(networkConfigs.adminId, user.adminId),
        inArray(networkConfigs.network, [...networkTabs.offerwall]),
      ),
    );
  return {
    offerwalls: networkTabs.offerwall.flatMap((network) => {
      const config = configs.find((row) => row.network === network);
      return config && enabledFor(config, user.device)
        ? [{ network, url: offerwallUrls[network](config, user.id) }]
        : [];
    }),
  };
}
