import { Alert, Button, Center, Group } from "@mantine/core";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { LoadingScreen } from "../components/loading-screen";
import { useProfile } from "../features/auth/api/get-profile";
import { needsMfaEnrolment } from "../features/security/enrolment";
import { useAuthStore } from "../lib/auth-store";
import { t } from "../lib/i18n";
import { paths } from "../lib/paths";
import { errorColor } from "../theme";

type FromState = { from?: { pathname: string; search?: string } } | null;

/** Signed-in area: no token → sign in (remembering where the visitor was going). */
export function RequireAuth() {
  const authToken = useAuthStore((state) => state.authToken);
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const profile = useProfile();

  if (!authToken) return <Navigate to={paths.auth.login} replace state={{ from: location }} />;
  // Required two-factor sign-in comes first: no other screen until it is on.
  if (needsMfaEnrolment(user) && location.pathname !== paths.mfaEnrolment) {
    return <Navigate to={paths.mfaEnrolment} replace />;
  }
  if (user) return <Outlet />;
  if (profile.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Alert color={errorColor} title={t("action.loadProfile")} maw={420}>
          {profile.error.message}
          <Group mt="md" gap="sm">
            <Button size="xs" onClick={() => profile.refetch()}>
              {t("common.retry")}
            </Button>
            <Button size="xs" variant="default" component={Link} to={paths.logout}>
              {t("common.signOut")}
            </Button>
          </Group>
        </Alert>
      </Center>
    );
  }
  return <LoadingScreen />;
}

/** Signed-out area: a signed-in visitor goes where they were heading, or home. */
export function RequireGuest() {
  const authToken = useAuthStore((state) => state.authToken);
  const from = (useLocation().state as FromState)?.from;
  if (authToken) return <Navigate to={from ? `${from.pathname}${from.search ?? ""}` : paths.home} replace />;
  return <Outlet />;
}

/** A redirect that keeps the navigation state, so /auth → /auth/login keeps a notice. */
export function RedirectKeepingState({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={to} replace state={location.state} />;
}
