import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RootLayout } from "./app/shell/root-layout";
import { RedirectKeepingState, RequireAuth, RequireGuest } from "./components/guard";
import { LoadingScreen } from "./components/loading-screen";

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
          {
            lazy: async () => ({ Component: (await import("./app/shell/dashboard-shell")).DashboardShell }),
            children: [
              {
                path: "dashboard",
                lazy: async () => ({ Component: (await import("./app/routes/dashboard")).DashboardRoute }),
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
