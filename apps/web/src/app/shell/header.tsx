import { Anchor, AppShell, Burger, Button, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "../../components/logo";
import { AppSwitcher } from "../../features/team/components/app-switcher";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { LanguageMenu } from "./language-menu";
import { activeMenuEntry, menuEntries } from "./menu";
import { UserMenu } from "./user-menu";

type HeaderProps = {
  drawerOpened: boolean;
  onBurger: () => void;
  onOpenProfile: () => void;
};

const headerEntries = menuEntries.filter((entry) => entry.inHeader);

/** The search button and its Ctrl+K, in a chunk of their own: the shell does not wait for them. */
const SearchLauncher = lazy(() =>
  import("../../features/search/components/search-launcher").then((module) => ({
    default: module.SearchLauncher,
  })),
);

export function Header({ drawerOpened, onBurger, onOpenProfile }: HeaderProps) {
  const active = activeMenuEntry(useLocation().pathname);
  return (
    <AppShell.Header px="md">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Group gap="md" wrap="nowrap">
          <Burger
            opened={drawerOpened}
            onClick={onBurger}
            hiddenFrom="lg"
            size="sm"
            aria-label={t("shell.openMenu")}
          />
          <Anchor component={Link} to={paths.dashboard} underline="never">
            <Logo size={32} />
          </Anchor>
          <Group gap={4} visibleFrom="md" component="nav">
            {headerEntries.map((entry) => (
              <Button
                key={entry.path}
                component={Link}
                to={entry.path}
                variant={entry === active ? "light" : "subtle"}
                color={entry === active ? undefined : "gray"}
                size="compact-md"
              >
                {t(entry.title)}
              </Button>
            ))}
          </Group>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Suspense fallback={null}>
            <SearchLauncher />
          </Suspense>
          <AppSwitcher />
          <LanguageMenu />
          <UserMenu onOpenProfile={onOpenProfile} />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
