import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingScreen } from "../../../components/loading-screen";
import { useAuthStore } from "../../../lib/auth-store";
import type { LogoutState } from "../../../lib/forget-session";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { endSession } from "../api/logout";

/** Signing out: the server ends the session, then this browser forgets it and goes to sign in. */
export function LogoutPage() {
  const authToken = useAuthStore((state) => state.authToken);
  const logout = useAuthStore((state) => state.logout);
  const queryClient = useQueryClient();
  const { sessionEnded, notice } = (useLocation().state as LogoutState) ?? {};

  useEffect(() => {
    if (!authToken) return;
    // The server ends the session first (the call needs the token), then the browser forgets it,
    // even when this page is left meanwhile.
    const ended = sessionEnded ? Promise.resolve() : endSession();
    void ended.finally(() => {
      logout();
      // Nothing cached for this account may show to the next one.
      queryClient.clear();
    });
  }, [authToken, sessionEnded, logout, queryClient]);

  if (authToken) return <LoadingScreen text={t("auth.logout.text")} />;
  return <Navigate to={paths.auth.login} replace state={notice ? { notice } : null} />;
}
