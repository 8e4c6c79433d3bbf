import { Anchor, Box, Flex, Group, Paper, Text } from "@mantine/core";
import { brandName } from "@rewards/contract";
import { Link, Outlet, useLocation } from "react-router";
import { mainContentId } from "../../lib/focus";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";
import { AuthWelcomePanel } from "./auth-welcome-panel";
import { LanguageSelect } from "./language-select";
import { SkipLink } from "./skip-link";

function AuthTopLink() {
  const onRegistration = useLocation().pathname.startsWith(paths.auth.registration);
  return (
    <Group justify="flex-end" gap={6} p="md">
      <LanguageSelect />
      <Text size="sm" c="dimmed">
        {onRegistration ? t("auth.haveAccount") : t("auth.noAccount")}
      </Text>
      <Anchor
        component={Link}
        to={onRegistration ? paths.auth.login : paths.auth.registration}
        size="sm"
        fw={600}
      >
        {onRegistration ? t("auth.signIn") : t("auth.signUp")}
      </Anchor>
    </Group>
  );
}

export function AuthLayout() {
  return (
    <Flex mih="100dvh" direction={{ base: "column", md: "row" }}>
      <SkipLink />
      <AuthWelcomePanel />
      <Flex direction="column" style={{ flex: 1 }} miw={0}>
        <AuthTopLink />
        <Box
          component="main"
          id={mainContentId}
          tabIndex={-1}
          style={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center" }}
          px="md"
        >
          <Paper w="100%" maw={440} p={{ base: "md", sm: "xl" }} withBorder radius="lg">
            <Outlet />
          </Paper>
        </Box>
        <Group justify="space-between" p="md">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {brandName}
          </Text>
          <Anchor component={Link} to={paths.terms} size="sm">
            {t("auth.links.contact")}
          </Anchor>
        </Group>
      </Flex>
    </Flex>
  );
}
