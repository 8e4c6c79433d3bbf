/**
 * The first element of every query key, one per feature. A feature's api/keys.ts builds its keys on its
 * root; a feature whose change must refresh another's data (paying a redeem moves an app user's points)
 * names that root from here, since features do not import each other.
 */
export const queryRoots = {
  admins: ["admins"],
  analytics: ["analytics"],
  appUsers: ["appUsers"],
  audit: ["audit"],
  auth: ["auth"],
  catalog: ["catalog"],
  dashboard: ["dashboard"],
  giveaway: ["giveaway"],
  network: ["network"],
  notifications: ["notifications"],
  offers: ["offers"],
  payouts: ["payouts"],
  postbacks: ["postbacks"],
  redeems: ["redeems"],
  security: ["security"],
  settings: ["settings"],
  team: ["team"],
} as const;
