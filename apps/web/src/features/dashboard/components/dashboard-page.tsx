import { Stack, Text } from "@mantine/core";
import { useAuthStore } from "../../../lib/auth-store";
import { t } from "../../../lib/i18n";
import { DashboardView } from "./dashboard-view";

/** The dashboard screen: a welcome line over the widgets. */
export function DashboardPage() {
  const fullName = useAuthStore((state) => state.user?.fullName);
  return (
    <Stack gap="md">
      {fullName && (
        <Text c="dimmed" size="sm">
          {t("dashboard.welcome", { name: fullName })}
        </Text>
      )}
      <DashboardView />
    </Stack>
  );
}
