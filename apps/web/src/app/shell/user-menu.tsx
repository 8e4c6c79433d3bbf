import {
  Avatar,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from "@mantine/core";
import { IconLogout, IconMoon, IconSun, IconUser } from "@tabler/icons-react";
import { Link } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";

export function initialOf(name: string | undefined): string {
  return name?.trim().charAt(0).toUpperCase() ?? "";
}

export function UserMenu({ onOpenProfile }: { onOpenProfile: () => void }) {
  const user = useAuthStore((state) => state.user);
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light");
  const fullName = user?.fullName ?? "";

  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* Named by what it shows (WCAG 2.5.3), then "User menu" for those who do not see it. */}
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {t("shell.greeting", { name: fullName })}
            </Text>
            <Avatar color="green" radius="md" size={36}>
              {initialOf(fullName)}
            </Avatar>
          </Group>
          <VisuallyHidden>{t("shell.userMenu")}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.username}</Menu.Label>
        <Menu.Item leftSection={<IconUser size={16} />} onClick={onOpenProfile}>
          {t("shell.myProfile")}
        </Menu.Item>
        <Menu.Item
          leftSection={scheme === "dark" ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={() => setColorScheme(scheme === "dark" ? "light" : "dark")}
        >
          {scheme === "dark" ? t("shell.lightMode") : t("shell.darkMode")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} component={Link} to={paths.logout}>
          {t("common.signOut")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
