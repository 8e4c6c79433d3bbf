import { Divider, NavLink, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { useAuthStore } from "../../lib/auth-store";
import { t } from "../../lib/i18n";
import { activeMenuEntry, type MenuSection, sectionTitles, visibleMenuEntries } from "./menu";

type AsideMenuProps = {
  /** Icons only. */
  compact?: boolean;
  onNavigate?: () => void;
};

const sections: MenuSection[] = ["main", "setting"];

export function AsideMenu({ compact = false, onNavigate }: AsideMenuProps) {
  const user = useAuthStore((state) => state.user);
  const { pathname } = useLocation();
  const active = activeMenuEntry(pathname);
  const entries = visibleMenuEntries(user);

  return (
    <Stack component="nav" gap={4}>
      {sections.map((section) => {
        const inSection = entries.filter((entry) => entry.section === section);
        if (inSection.length === 0) return null;
        const title = sectionTitles[section];
        return (
          <Stack key={section} gap={4}>
            {title &&
              (compact ? (
                <Divider my={6} />
              ) : (
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
                  {t(title)}
                </Text>
              ))}
            {inSection.map((entry) => (
              <NavLink
                key={entry.path}
                component={Link}
                to={entry.path}
                onClick={onNavigate}
                active={entry === active}
                aria-label={compact ? t(entry.title) : undefined}
                label={compact ? null : t(entry.title)}
                leftSection={<entry.icon size={20} stroke={1.7} />}
                styles={{ root: { borderRadius: "var(--mantine-radius-md)" } }}
              />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
