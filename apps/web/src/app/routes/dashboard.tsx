import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";
import { visibleMenuEntries } from "../shell/menu";

export function DashboardRoute() {
  const user = useAuthStore((state) => state.user);
  // Every other screen the menu offers this account, with what it is for.
  const screens = visibleMenuEntries(user?.role).filter((entry) => entry.description);

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="xl">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {t("dashboard.welcome", { name: user?.fullName ?? "" })}
        </Title>
        <Text c="dimmed" mt="xs">
          {t("dashboard.intro")}
        </Text>
      </Card>
      {screens.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {screens.map((entry) => (
            <Card key={entry.path} withBorder radius="lg" padding="lg">
              <Group gap="sm" wrap="nowrap" mb="sm">
                <ThemeIcon variant="light" size="lg" radius="md">
                  <entry.icon size={20} />
                </ThemeIcon>
                <Text fw={600}>{t(entry.title)}</Text>
              </Group>
              {entry.description && (
                <Text size="sm" c="dimmed" mb="md">
                  {t(entry.description)}
                </Text>
              )}
              <Button
                component={Link}
                to={entry.path}
                variant="light"
                rightSection={<IconArrowRight size={16} />}
                mt="auto"
              >
                {t("dashboard.open")}
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
