import "./zod-config";
import "@fontsource/poppins/400.css";
import "@fontsource/poppins/500.css";
import "@fontsource/poppins/600.css";
import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProvider } from "./app/provider";
import { setMfaEnrolmentHandler, setUnauthorizedHandler } from "./lib/api-client";
import { useAuthStore } from "./lib/auth-store";
import { showLanguage } from "./lib/i18n";
import { initialLanguage, showTimeZone, useLanguageStore } from "./lib/language";
import { paths } from "./lib/paths";
import { queryClient } from "./lib/query-client";
import { createAppRouter } from "./router";

const router = createAppRouter();

// Any 401 (the store is already cleared by then): drop cached data and go to sign in.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate(paths.auth.login, { replace: true });
});

// The owner now requires two-factor sign-in and this administrator has none: set it up first.
setMfaEnrolmentHandler(() => {
  void router.navigate(paths.mfaEnrolment, { replace: true });
});

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

/**
 * Every text and date re-renders in another language or time zone (another app's, a saved change): the
 * routes remount under it, the router keeps its place.
 */
function LocalizedRoutes() {
  const shown = useLanguageStore((state) => `${state.language} ${state.timeZone}`);
  return <RouterProvider key={shown} router={router} />;
}

// The profile kept from the last visit lets the screens in at once: its app's zone comes with it.
showTimeZone(useAuthStore.getState().user?.timeZone);

// The first paint waits for the language's texts (one small chunk), so no English flashes before them.
void showLanguage(initialLanguage()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <LocalizedRoutes />
      </AppProvider>
    </StrictMode>,
  ),
);
