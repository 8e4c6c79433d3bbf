import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";

export function LogoutRoute() {
  const authToken = useAuthStore((state) => state.authToken);
  const logout = useAuthStore((state) => state.logout);
  const queryClient = useQueryClient();

  useEffect(() => {
    logout();
    // Nothing cached for this account may show to the next one.
    queryClient.clear();
  }, [logout, queryClient]);

  if (authToken) return <LoadingScreen text={t("auth.logout.text")} />;
  return <Navigate to="/auth/login" replace />;
}
