import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { activeMenuEntry } from "./menu";
import { TodayButton } from "./today-button";

/** The page title is the active menu entry's title. */
export function Subheader() {
  const active = activeMenuEntry(useLocation().pathname);
  const title = active ? t(active.title) : "";
  const heading = active ? t(active.pageTitle ?? active.title) : "";

  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 20, sm: 24 }}>
          {heading}
        </Title>
        <Breadcrumbs separatorMargin={6} fz="sm">
          <Anchor component={Link} to={paths.dashboard} size="sm" c="dimmed">
            {t("shell.home")}
          </Anchor>
          {active && active.path !== paths.dashboard && (
            <Anchor component={Link} to={active.path} size="sm" c="dimmed">
              {title}
            </Anchor>
          )}
          {active?.path === paths.dashboard && (
            <Text size="sm" c="dimmed">
              {title}
            </Text>
          )}
        </Breadcrumbs>
      </Stack>
      <TodayButton />
    </Group>
  );
}
