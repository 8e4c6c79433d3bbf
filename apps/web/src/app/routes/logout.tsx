import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { endSession } from "../../features/auth/api/logout";
import type { LogoutState } from "../../features/auth/use-forget-session";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";

export function LogoutRoute() {
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
  return <Navigate to="/auth/login" replace state={notice ? { notice } : null} />;
}
