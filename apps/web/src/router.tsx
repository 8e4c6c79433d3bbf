import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { catalogRoutes } from "./app/routes/catalog/routes";
import { RootLayout } from "./app/shell/root-layout";
import { RedirectKeepingState, RequireAuth, RequireGuest } from "./components/guard";
import { LoadingScreen } from "./components/loading-screen";
import { mfaEnrolmentPath } from "./features/security/enrolment";

// Every screen and layout loads lazily; only the root, guards and redirects are in the first chunk.
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        path: "auth",
        Component: RequireGuest,
        children: [
          {
            lazy: async () => ({ Component: (await import("./app/shell/auth-layout")).AuthLayout }),
            children: [
              { index: true, element: <RedirectKeepingState to="/auth/login" /> },
              {
                path: "login",
                lazy: async () => ({ Component: (await import("./app/routes/auth/login")).LoginRoute }),
              },
              {
                path: "registration",
                lazy: async () => ({
                  Component: (await import("./app/routes/auth/registration")).RegistrationRoute,
                }),
              },
              {
                path: "forgot-password",
                lazy: async () => ({
                  Component: (await import("./app/routes/auth/forgot-password")).ForgotPasswordRoute,
                }),
              },
              {
                path: "reset/:token",
                lazy: async () => ({
                  Component: (await import("./app/routes/auth/reset-password")).ResetPasswordRoute,
                }),
              },
              { path: "*", element: <Navigate to="/auth/login" replace /> },
            ],
          },
        ],
      },
      { path: "terms", lazy: async () => ({ Component: (await import("./app/routes/terms")).TermsRoute }) },
      {
        path: "logout",
        lazy: async () => ({ Component: (await import("./app/routes/logout")).LogoutRoute }),
      },
      {
        path: "error",
        children: [
          { index: true, element: <Navigate to="/error/error-v1" replace /> },
          {
            path: "error-v1",
            lazy: async () => ({ Component: (await import("./app/routes/error")).ErrorRoute }),
          },
          { path: "*", element: <Navigate to="/error/error-v1" replace /> },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          // Outside the dashboard's frame: while enrolment is required, nothing else is reachable.
          {
            path: mfaEnrolmentPath.slice(1),
            lazy: async () => ({
              Component: (await import("./app/routes/mfa-enrolment")).MfaEnrolmentRoute,
            }),
          },
          {
            lazy: async () => ({ Component: (await import("./app/shell/dashboard-shell")).DashboardShell }),
            children: [
              {
                path: "dashboard",
                lazy: async () => ({ Component: (await import("./app/routes/dashboard")).DashboardRoute }),
              },
              {
                path: "dash/customers",
                lazy: async () => ({
                  Component: (await import("./app/routes/customers/customers")).CustomersRoute,
                }),
                children: [
                  {
                    path: ":id/edit",
                    lazy: async () => ({
                      Component: (await import("./app/routes/customers/customer-edit")).CustomerEditRoute,
                    }),
                  },
                  {
                    path: ":id/details",
                    lazy: async () => ({
                      Component: (await import("./app/routes/customers/customer-details"))
                        .CustomerDetailsRoute,
                    }),
                  },
                  {
                    path: "fetch",
                    lazy: async () => ({
                      Component: (await import("./app/routes/customers/customers-fetch")).CustomersFetchRoute,
                    }),
                  },
                  {
                    path: "updateStatus",
                    lazy: async () => ({
                      Component: (await import("./app/routes/customers/customers-update-status"))
                        .CustomersUpdateStatusRoute,
                    }),
                  },
                ],
              },
              {
                path: "dash/redeems",
                lazy: async () => ({
                  Component: (await import("./app/routes/redeems/redeems")).RedeemsRoute,
                }),
                children: [
                  {
                    path: ":id/cancel",
                    lazy: async () => ({
                      Component: (await import("./app/routes/redeems/redeem-cancel")).RedeemCancelRoute,
                    }),
                  },
                  {
                    path: ":id/details",
                    lazy: async () => ({
                      Component: (await import("./app/routes/redeems/redeem-details")).RedeemDetailsRoute,
                    }),
                  },
                  {
                    path: "fetch",
                    lazy: async () => ({
                      Component: (await import("./app/routes/redeems/redeems-fetch")).RedeemsFetchRoute,
                    }),
                  },
                  {
                    path: "updateStatus",
                    lazy: async () => ({
                      Component: (await import("./app/routes/redeems/redeems-update-status"))
                        .RedeemsUpdateStatusRoute,
                    }),
                  },
                ],
              },
              // The Send Redeem form is a full page, not one of the list's modals (SPEC 2.6).
              {
                path: "dash/redeems/:id/edit",
                lazy: async () => ({
                  Component: (await import("./app/routes/redeems/redeem-send")).RedeemSendRoute,
                }),
              },
              {
                path: "dash/offers/postbacks",
                lazy: async () => ({
                  Component: (await import("./app/routes/offers/postbacks")).PostbacksRoute,
                }),
                children: [
                  {
                    path: ":id/details",
                    lazy: async () => ({
                      Component: (await import("./app/routes/offers/postback-details")).PostbackDetailsRoute,
                    }),
                  },
                ],
              },
              {
                path: "dash/offers",
                lazy: async () => ({ Component: (await import("./app/routes/offers/offers")).OffersRoute }),
                children: [
                  {
                    path: ":id/details",
                    lazy: async () => ({
                      Component: (await import("./app/routes/offers/offer-details")).OfferDetailsRoute,
                    }),
                  },
                  {
                    path: "fetch",
                    lazy: async () => ({
                      Component: (await import("./app/routes/offers/offers-fetch")).OffersFetchRoute,
                    }),
                  },
                ],
              },
              ...catalogRoutes,
              {
                path: "dash/giveaway",
                lazy: async () => ({ Component: (await import("./app/routes/giveaway")).GiveawayRoute }),
              },
              {
                path: "dash/notification",
                lazy: async () => ({
                  Component: (await import("./app/routes/notification")).NotificationRoute,
                }),
              },
              {
                path: "dash/network",
                lazy: async () => ({ Component: (await import("./app/routes/network")).NetworkRoute }),
              },
              {
                path: "dash/network/:name",
                lazy: async () => ({
                  Component: (await import("./app/routes/network-setting")).NetworkSettingRoute,
                }),
              },
              {
                path: "dash/setting",
                lazy: async () => ({ Component: (await import("./app/routes/setting")).SettingRoute }),
              },
              {
                path: "dash/activity",
                lazy: async () => ({ Component: (await import("./app/routes/activity")).ActivityRoute }),
              },
              {
                path: "dash/admins",
                lazy: async () => ({ Component: (await import("./app/routes/admins")).AdminsRoute }),
              },
            ],
          },
          // Signed out, RequireAuth has already sent the visitor to sign in.
          { path: "*", element: <Navigate to="/error/error-v1" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
