import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useAuthStore } from "../../../lib/auth-store";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { SessionsTable } from "./sessions-table";
import { TwoFactorCard } from "./two-factor-card";

/** The profile panel's Security area: two-factor sign-in and the account's signed-in sessions. */
export function SecuritySection({ onNavigate }: { onNavigate?: () => void }) {
  const isOwner = useAuthStore((state) => state.user?.installationOwner === true);
  return (
    <Stack gap="md" component="section" aria-labelledby="security-title">
      <Title order={3} fz="lg" id="security-title">
        {t("security.title")}
      </Title>
      <TwoFactorCard />
      {isOwner && (
        // The installation's rule lives with the other owner-only settings.
        <Anchor component={Link} to={paths.admins} size="sm" onClick={onNavigate}>
          {t("security.installation.link")}
        </Anchor>
      )}
      <Stack gap={4}>
        <Title order={4} fz="md">
          {t("sessions.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("sessions.text")}
        </Text>
      </Stack>
      <SessionsTable />
    </Stack>
  );
}
