import { Avatar, Badge, Button, Drawer, Stack, Text } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";
import { initialOf } from "./user-menu";

type ProfilePanelProps = { opened: boolean; onClose: () => void };

/** SPEC 2.1: the off-canvas profile panel. */
export function ProfilePanel({ opened, onClose }: ProfilePanelProps) {
  const user = useAuthStore((state) => state.user);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="sm" title={t("shell.profile.title")}>
      <Stack align="center" gap="sm" ta="center" pt="md">
        <Avatar color="green" radius="xl" size={84}>
          {initialOf(user?.fullName)}
        </Avatar>
        <Text fw={600} size="lg">
          {user?.fullName}
        </Text>
        <Text c="dimmed" size="sm" style={{ wordBreak: "break-all" }}>
          {user?.username}
        </Text>
        <Badge variant="light" color="blue">
          {t("shell.profile.role")}
        </Badge>
        <Button
          component={Link}
          to="/logout"
          onClick={onClose}
          mt="md"
          variant="light"
          leftSection={<IconLogout size={16} />}
        >
          {t("common.signOut")}
        </Button>
      </Stack>
    </Drawer>
  );
}
