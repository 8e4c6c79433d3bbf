import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RedirectKeepingState, RequireAuth, RequireGuest } from "./app/guard";
import { RootLayout } from "./app/shell/root-layout";
import { LoadingScreen } from "./components/loading-screen";
import { routePatterns as at } from "./lib/paths";

/**
 * A screen at `path`, loaded on its first visit: the module's export `name` renders it. Screens take
 * no props: a screen with URL parameters reads them itself (the features' `...Route` exports).
 */
function screen<K extends string>(
  path: string | undefined,
  load: () => Promise<{ [key in NoInfer<K>]: ComponentType }>,
  name: K,
  children?: RouteObject[],
): RouteObject {
  return { path, lazy: async () => ({ Component: (await load())[name] }), ...(children && { children }) };
}

const redirect = (path: string, to: string): RouteObject => ({
  path,
  element: <Navigate to={to} replace />,
});

const authScreens: RouteObject[] = [
  { index: true, element: <RedirectKeepingState to={at.auth.login} /> },
  screen(at.auth.login, () => import("./features/auth/components/login-form"), "LoginRoute"),
  screen(
    at.auth.registration,
    () => import("./features/auth/components/registration-form"),
    "RegistrationForm",
  ),
  screen(
    at.auth.forgotPassword,
    () => import("./features/auth/components/forgot-password-form"),
    "ForgotPasswordForm",
  ),
  screen(
    at.auth.resetPassword,
    () => import("./features/auth/components/reset-password-form"),
    "ResetPasswordRoute",
  ),
  redirect("*", at.auth.login),
];

const appUserScreens = screen(
  at.appUsers.list,
  () => import("./features/app-users/components/app-users-list"),
  "AppUsersList",
  [
    screen(
      at.appUsers.edit,
      () => import("./features/app-users/components/app-user-edit-modal"),
      "AppUserEditRoute",
    ),
    screen(at.appUsers.details, () => import("./app/routes/app-user-details"), "AppUserDetailsRoute"),
    screen(
      at.appUsers.fetch,
      () => import("./features/app-users/components/app-users-fetch-modal"),
      "AppUsersFetchModal",
    ),
    screen(
      at.appUsers.changeStatus,
      () => import("./features/app-users/components/app-users-status-modal"),
      "AppUsersStatusModal",
    ),
  ],
);

const redeemScreens = [
  screen(at.redeems.list, () => import("./features/redeems/components/redeems-list"), "RedeemsList", [
    screen(
      at.redeems.cancel,
      () => import("./features/redeems/components/redeem-cancel-modal"),
      "RedeemCancelRoute",
    ),
    screen(at.redeems.details, () => import("./app/routes/redeem-details"), "RedeemDetailsRoute"),
    screen(
      at.redeems.fetch,
      () => import("./features/redeems/components/redeems-fetch-modal"),
      "RedeemsFetchModal",
    ),
    screen(
      at.redeems.changeStatus,
      () => import("./features/redeems/components/redeems-status-modal"),
      "RedeemsStatusModal",
    ),
  ]),
  // Paying is a full page, not one of the list's modals.
  screen(at.redeems.pay, () => import("./features/redeems/components/send-redeem-page"), "PayRedeemRoute"),
];

const offerScreens = [
  screen(at.postbacks.list, () => import("./features/postbacks/components/postbacks-list"), "PostbacksList", [
    screen(
      at.postbacks.details,
      () => import("./features/postbacks/components/postback-details-modal"),
      "PostbackDetailsRoute",
    ),
  ]),
  screen(at.offers.list, () => import("./features/offers/components/offers-list"), "OffersList", [
    screen(
      at.offers.details,
      () => import("./features/offers/components/offer-details-modal"),
      "OfferDetailsRoute",
    ),
    screen(
      at.offers.fetch,
      () => import("./features/offers/components/offers-fetch-modal"),
      "OffersFetchModal",
    ),
  ]),
];

// The country picker's list of names loads with the form's chunk only.
const countryForm = () => import("./features/catalog/components/country-form-modal");
const countryModals = () => import("./features/catalog/components/country-modals");
const rewardModals = () => import("./features/catalog/components/reward-modals");
const rewardItemModals = () => import("./features/catalog/components/reward-item-modals");

/** The catalog: countries, a country's rewards, a reward's items, each with its modals as child routes. */
const catalogScreens: RouteObject[] = [
  {
    path: at.catalog.home,
    children: [
      { index: true, element: <Navigate to={at.catalog.countries} replace /> },
      // /dash/rewards/rewards, an old back-link target, leads to the countries too.
      redirect("rewards", at.catalog.countries),
      screen(
        at.catalog.countries,
        () => import("./features/catalog/components/countries-list"),
        "CountriesList",
        [
          screen(at.catalog.countryNew, countryForm, "CountryNewModal"),
          screen(at.catalog.countryEdit, countryForm, "CountryEditRoute"),
          screen(at.catalog.countryCancel, countryModals, "CountryCancelRoute"),
          screen(at.catalog.countryDetails, countryModals, "CountryDetailsRoute"),
          screen(at.catalog.countriesFetch, countryModals, "CountriesFetchModal"),
          screen(at.catalog.countriesDelete, countryModals, "CountriesDeleteModal"),
          redirect("*", at.catalog.countries),
        ],
      ),
      redirect("*", at.catalog.countries),
    ],
  },
  screen(at.catalog.rewards, () => import("./features/catalog/components/rewards-page"), "RewardsRoute", [
    screen(at.catalog.rewardNew, rewardModals, "RewardNewRoute"),
    screen(at.catalog.rewardEdit, rewardModals, "RewardEditRoute"),
    screen(at.catalog.rewardCancel, rewardModals, "RewardCancelRoute"),
    screen(at.catalog.rewardsFetch, rewardModals, "RewardsFetchModal"),
    screen(at.catalog.rewardsDelete, rewardModals, "RewardsDeleteModal"),
  ]),
  screen(
    at.catalog.rewardItems,
    () => import("./features/catalog/components/reward-items-page"),
    "RewardItemsRoute",
    [
      screen(at.catalog.rewardItemNew, rewardItemModals, "RewardItemNewRoute"),
      screen(at.catalog.rewardItemEdit, rewardItemModals, "RewardItemEditRoute"),
      screen(at.catalog.rewardItemCancel, rewardItemModals, "RewardItemCancelRoute"),
      screen(at.catalog.rewardItemsFetch, rewardItemModals, "RewardItemsFetchModal"),
      screen(at.catalog.rewardItemsDelete, rewardItemModals, "RewardItemsDeleteModal"),
    ],
  ),
  screen(at.payouts.codes, () => import("./features/payouts/components/codes-page"), "CodesRoute"),
];

/** The screens inside the dashboard's frame (menu, header, footer). */
const dashboardScreens: RouteObject[] = [
  screen(at.dashboard, () => import("./features/dashboard/components/dashboard-page"), "DashboardPage"),
  screen(at.analytics, () => import("./features/analytics/components/analytics-page"), "AnalyticsPage"),
  appUserScreens,
  ...redeemScreens,
  ...offerScreens,
  ...catalogScreens,
  screen(at.giveaway, () => import("./features/giveaway/components/giveaway-page"), "GiveawayPage"),
  screen(
    at.notification,
    () => import("./features/notifications/components/notification-page"),
    "NotificationPage",
  ),
  screen(at.network.list, () => import("./features/network/components/network-cards"), "NetworkCards"),
  screen(
    at.network.setting,
    () => import("./features/network/components/network-setting"),
    "NetworkSettingRoute",
  ),
  screen(at.setting, () => import("./features/settings/components/setting-tabs"), "SettingTabs"),
  screen(at.payouts.settings, () => import("./features/payouts/components/payouts-page"), "PayoutsPage"),
  screen(at.activity, () => import("./features/audit/components/activity-list"), "ActivityList"),
  screen(at.admins, () => import("./app/routes/admins"), "AdminsRoute"),
  screen(at.team, () => import("./features/team/components/team-page"), "TeamRoute"),
];

/**
 * Every screen of the app. Paths come from lib/paths.ts (nested routes use the full pattern). Every
 * screen and layout loads lazily; only the root, guards and redirects are in the first chunk.
 */
export const routes: RouteObject[] = [
  {
    path: at.home,
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, element: <Navigate to={at.dashboard} replace /> },
      // Open signed in or out: a signed-in account joins with its own session.
      screen(undefined, () => import("./app/shell/auth-layout"), "AuthLayout", [
        screen(at.auth.invite, () => import("./features/team/components/invite-page"), "InvitePageRoute"),
      ]),
      {
        path: at.auth.root,
        Component: RequireGuest,
        children: [screen(undefined, () => import("./app/shell/auth-layout"), "AuthLayout", authScreens)],
      },
      screen(at.terms, () => import("./app/routes/terms"), "TermsRoute"),
      screen(at.logout, () => import("./features/auth/components/logout-page"), "LogoutPage"),
      {
        path: at.error.root,
        children: [
          { index: true, element: <Navigate to={at.error.page} replace /> },
          screen(at.error.page, () => import("./app/routes/error"), "ErrorRoute"),
          redirect("*", at.error.page),
        ],
      },
      {
        Component: RequireAuth,
        children: [
          // Outside the dashboard's frame: while enrolment is required, nothing else is reachable.
          screen(
            at.mfaEnrolment,
            () => import("./features/security/components/mfa-enrolment-page"),
            "MfaEnrolmentPage",
          ),
          screen(undefined, () => import("./app/shell/dashboard-shell"), "DashboardShell", dashboardScreens),
          // Signed out, RequireAuth has already sent the visitor to sign in.
          redirect("*", at.error.page),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
