import { Avatar, Badge, Button, Divider, Drawer, Group, Stack, Text } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { LoadingBlock } from "../../components/loading-block";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { initialOf } from "./user-menu";

// Loaded when the panel opens: the shell's first load stays as small as it was.
const SecuritySection = lazy(async () => ({
  default: (await import("../../features/security/components/security-section")).SecuritySection,
}));

type ProfilePanelProps = { opened: boolean; onClose: () => void };

/** The off-canvas profile panel, with the account's security settings beneath (docs/two-factor.md). */
export function ProfilePanel({ opened, onClose }: ProfilePanelProps) {
  const user = useAuthStore((state) => state.user);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t("shell.profile.title")}
      closeButtonProps={{ "aria-label": t("shell.profile.close") }}
    >
      <Group gap="md" wrap="nowrap" align="center" pt="xs">
        <Avatar color="green" radius="xl" size={72}>
          {initialOf(user?.fullName)}
        </Avatar>
        <Stack gap={4} miw={0} align="flex-start">
          <Text fw={600} size="lg">
            {user?.fullName}
          </Text>
          <Text c="dimmed" size="sm" style={{ wordBreak: "break-all" }}>
            {user?.username}
          </Text>
          <Badge variant="light" color="blue">
            {t("shell.profile.role")}
          </Badge>
        </Stack>
      </Group>
      <Group mt="md">
        <Button
          component={Link}
          to={paths.logout}
          onClick={onClose}
          variant="light"
          size="sm"
          leftSection={<IconLogout size={16} />}
        >
          {t("common.signOut")}
        </Button>
      </Group>
      <Divider my="lg" />
      <Suspense fallback={<LoadingBlock />}>
        <SecuritySection onNavigate={onClose} />
      </Suspense>
    </Drawer>
  );
}
