/**
 * Every screen's URL, defined once. `routePatterns` holds the patterns (":id" for a parameter) that the
 * route table (src/router.tsx) registers; `paths` is built from the same patterns for links and navigate():
 * a pattern without parameters is its own path, one with parameters becomes a function taking their
 * values in order, e.g. `paths.redeems.details(id)`.
 * The URLs are the public ones and stay as they are, even where the concept has another name today
 * (app users live under /dash/customers).
 */
export const routePatterns = {
  home: "/",
  dashboard: "/dashboard",
  analytics: "/dash/analytics",
  terms: "/terms",
  logout: "/logout",
  error: { root: "/error", page: "/error/error-v1" },
  /** Where an administrator stays until two-factor sign-in is on, when the owner requires it. */
  mfaEnrolment: "/security/two-factor",
  auth: {
    root: "/auth",
    login: "/auth/login",
    registration: "/auth/registration",
    forgotPassword: "/auth/forgot-password",
    resetPassword: "/auth/reset/:token",
    invite: "/auth/invite/:token",
  },
  appUsers: {
    list: "/dash/customers",
    edit: "/dash/customers/:id/edit",
    details: "/dash/customers/:id/details",
    fetch: "/dash/customers/fetch",
    changeStatus: "/dash/customers/updateStatus",
  },
  redeems: {
    list: "/dash/redeems",
    cancel: "/dash/redeems/:id/cancel",
    details: "/dash/redeems/:id/details",
    fetch: "/dash/redeems/fetch",
    changeStatus: "/dash/redeems/updateStatus",
    /** The pay form: a full page, not one of the list's modals. */
    pay: "/dash/redeems/:id/edit",
  },
  offers: {
    list: "/dash/offers",
    details: "/dash/offers/:id/details",
    fetch: "/dash/offers/fetch",
  },
  postbacks: {
    list: "/dash/offers/postbacks",
    details: "/dash/offers/postbacks/:id/details",
  },
  catalog: {
    /** The menu entry: leads to the countries. */
    home: "/dash/rewards",
    countries: "/dash/rewards/countries",
    countryNew: "/dash/rewards/countries/new",
    countryEdit: "/dash/rewards/countries/:id/edit",
    countryCancel: "/dash/rewards/countries/:id/cancel",
    countryDetails: "/dash/rewards/countries/:id/details",
    countriesFetch: "/dash/rewards/countries/fetch",
    countriesDelete: "/dash/rewards/countries/deleteCountries",
    rewards: "/dash/countries/:countryId/add",
    rewardNew: "/dash/countries/:countryId/add/new",
    rewardEdit: "/dash/countries/:countryId/add/:id/edit",
    rewardCancel: "/dash/countries/:countryId/add/:id/cancel",
    rewardsFetch: "/dash/countries/:countryId/add/fetch",
    rewardsDelete: "/dash/countries/:countryId/add/deleteRewards",
    rewardItems: "/dash/countries/rewards/:rewardId/add",
    rewardItemNew: "/dash/countries/rewards/:rewardId/add/new",
    rewardItemEdit: "/dash/countries/rewards/:rewardId/add/:id/edit",
    rewardItemCancel: "/dash/countries/rewards/:rewardId/add/:id/cancel",
    rewardItemsFetch: "/dash/countries/rewards/:rewardId/add/fetch",
    rewardItemsDelete: "/dash/countries/rewards/:rewardId/add/deleteItems",
  },
  payouts: {
    /** A reward item's gift-card codes: stock, import, the codes table. */
    codes: "/dash/catalog/items/:itemId/codes",
    /** The app's payout rules: the pause switch and the approval amount. */
    settings: "/dash/payouts",
  },
  giveaway: "/dash/giveaway",
  notification: "/dash/notification",
  network: {
    list: "/dash/network",
    setting: "/dash/network/:name",
  },
  setting: "/dash/setting",
  activity: "/dash/activity",
  admins: "/dash/admins",
  team: "/dash/team",
} as const;

/** Path prefixes that are no screen of their own: a country's rewards and a reward's items live under it. */
export const pathPrefixes = { catalogRecords: "/dash/countries", itemCodes: "/dash/catalog" } as const;

/** The parameter names of a pattern, in order: "/a/:x/b/:y" → ["x", "y"]. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** A pattern's path: itself without parameters, otherwise a function of the parameters' values. */
type PathOf<P extends string> = ParamNames<P> extends [] ? P : (...values: Values<ParamNames<P>>) => string;

/** One string per parameter name: ["x", "y"] → [string, string]. */
type Values<Names extends string[]> = { [K in keyof Names]: string };

type PathTree<T> = { readonly [K in keyof T]: T[K] extends string ? PathOf<T[K]> : PathTree<T[K]> };

type PatternTree = { readonly [key: string]: string | PatternTree };

function pathOf(pattern: string): string | ((...values: string[]) => string) {
  if (!pattern.includes(":")) return pattern;
  return (...values) => {
    let index = 0;
    return pattern.replace(/:[^/]+/g, () => encodeURIComponent(values[index++] ?? ""));
  };
}

function pathTree<T extends PatternTree>(tree: T): PathTree<T> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === "string" ? pathOf(value) : pathTree(value),
    ]),
  ) as PathTree<T>;
}

/** Every screen's path, for links and navigate(). */
export const paths = pathTree(routePatterns);
