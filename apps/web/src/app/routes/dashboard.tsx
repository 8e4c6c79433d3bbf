import { Stack, Text } from "@mantine/core";
import { DashboardView } from "../../features/dashboard/components/dashboard-view";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";

export function DashboardRoute() {
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
