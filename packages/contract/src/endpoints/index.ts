import type { Endpoint } from "../endpoint.ts";
import { adminEndpoints } from "./admins.ts";
import { analyticsEndpoints } from "./analytics.ts";
import { appUserEndpoints } from "./app-users.ts";
import { auditEndpoints } from "./audit.ts";
import { authEndpoints } from "./auth.ts";
import { countryEndpoints } from "./countries.ts";
import { dashboardEndpoints } from "./dashboard.ts";
import { exportEndpoints } from "./exports.ts";
import { giveawayEndpoints } from "./giveaway.ts";
import { networkEndpoints } from "./network.ts";
import { notificationEndpoints } from "./notifications.ts";
import { offerEndpoints } from "./offers.ts";
import { payoutEndpoints } from "./payouts.ts";
import { postbackEndpoints } from "./postbacks.ts";
import { profileEndpoints } from "./profile.ts";
import { redeemEndpoints } from "./redeems.ts";
import { rewardItemEndpoints } from "./reward-items.ts";
import { rewardEndpoints } from "./rewards.ts";
import { searchEndpoints } from "./search.ts";
import { settingsEndpoints } from "./settings.ts";
import { systemEndpoints } from "./system.ts";
import { teamEndpoints } from "./team.ts";
import { viewEndpoints } from "./views.ts";

export { adminEndpoints } from "./admins.ts";
export { analyticsEndpoints } from "./analytics.ts";
export { appUserEndpoints } from "./app-users.ts";
export { auditEndpoints } from "./audit.ts";
export { authEndpoints } from "./auth.ts";
export { countryEndpoints } from "./countries.ts";
export { dashboardEndpoints } from "./dashboard.ts";
export { exportEndpoints } from "./exports.ts";
export { giveawayEndpoints } from "./giveaway.ts";
export { networkEndpoints } from "./network.ts";
export { notificationEndpoints } from "./notifications.ts";
export { offerEndpoints } from "./offers.ts";
export { payoutEndpoints } from "./payouts.ts";
export { postbackEndpoints } from "./postbacks.ts";
export { profileEndpoints } from "./profile.ts";
export { redeemEndpoints } from "./redeems.ts";
export { rewardItemEndpoints } from "./reward-items.ts";
export { rewardEndpoints } from "./rewards.ts";
export { searchEndpoints } from "./search.ts";
export { settingsEndpoints } from "./settings.ts";
export { systemEndpoints } from "./system.ts";
export { teamEndpoints } from "./team.ts";
export { viewEndpoints } from "./views.ts";

/**
 * Every endpoint of the API, by domain. The server checks at start-up that it serves exactly these;
 * the web imports only its domain's group (so a screen's chunk holds only the schemas it calls).
 */
export const endpointGroups = {
  auth: authEndpoints,
  profile: profileEndpoints,
  admins: adminEndpoints,
  audit: auditEndpoints,
  appUsers: appUserEndpoints,
  dashboard: dashboardEndpoints,
  offers: offerEndpoints,
  postbacks: postbackEndpoints,
  redeems: redeemEndpoints,
  payouts: payoutEndpoints,
  countries: countryEndpoints,
  rewards: rewardEndpoints,
  rewardItems: rewardItemEndpoints,
  giveaway: giveawayEndpoints,
  network: networkEndpoints,
  settings: settingsEndpoints,
  notifications: notificationEndpoints,
  system: systemEndpoints,
  team: teamEndpoints,
  search: searchEndpoints,
  exports: exportEndpoints,
  analytics: analyticsEndpoints,
  views: viewEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** A function, not a constant, so that a bundle that never asks keeps none of the definitions. */
export function allEndpoints(): Endpoint[] {
  return Object.values(endpointGroups).flatMap((group) => Object.values(group));
}
