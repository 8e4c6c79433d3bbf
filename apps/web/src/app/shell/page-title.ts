import { useEffect } from "react";
import { useLocation } from "react-router";
import { type I18nKey, t } from "../../lib/i18n";
import { routePatterns as at } from "../../lib/paths";
import { activeMenuEntry } from "./menu";

/** The screens outside the dashboard's menu, by path prefix. */
const otherScreens: [string, I18nKey][] = [
  [at.auth.login, "page.signIn"],
  [at.auth.registration, "page.registration"],
  [at.auth.forgotPassword, "page.forgotPassword"],
  ["/auth/reset/", "page.resetPassword"],
  ["/auth/invite/", "page.invite"],
  [at.terms, "terms.title"],
  [at.logout, "page.signOut"],
  [at.error.root, "page.error"],
  [at.mfaEnrolment, "mfa.enrol.title"],
];

/** The screen's name for the page title: the menu entry's heading, else the screen's own name. */
export function screenTitle(pathname: string): I18nKey | undefined {
  const entry = activeMenuEntry(pathname);
  if (entry) return entry.pageTitle ?? entry.title;
  return otherScreens.find(([prefix]) => pathname.startsWith(prefix))?.[1];
}

/**
 * Names the screen in the browser's tab and for screen readers: "<Screen> · Rewards Admin", in the language
 * shown; "Rewards Admin" alone where no screen matches.
 */
export function usePageTitle() {
  const { pathname } = useLocation();
  // Another language remounts the routes (main.tsx), so the title follows it without a subscription.
  const key = screenTitle(pathname);
  const title = key ? t("a11y.pageTitle", { screen: t(key) }) : t("brand.admin");
  useEffect(() => {
    document.title = title;
  }, [title]);
}
