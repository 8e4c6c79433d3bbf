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
import { showLanguage } from "./lib/i18n";
import { initialLanguage, useLanguageStore } from "./lib/language";
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

/** Every text re-renders in another language: the routes remount under it, the router keeps its place. */
function LocalizedRoutes() {
  const language = useLanguageStore((state) => state.language);
  return <RouterProvider key={language} router={router} />;
}

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
