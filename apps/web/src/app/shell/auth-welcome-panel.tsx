import { Anchor, Box, Group, Stack, Text, Title } from "@mantine/core";
import { brandName } from "@rewards/contract";
import { Link } from "react-router";
import { Logo } from "../../components/logo";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";

/** The left panel of the signed-out area: brand, tag line, Privacy and Legal. */
export function AuthWelcomePanel() {
  return (
    <Box
      component="aside"
      p={{ base: "lg", md: 40 }}
      w={{ base: "100%", md: 380, lg: 460 }}
      style={{
        flexShrink: 0,
        color: "var(--mantine-color-white)",
        background: "linear-gradient(160deg, var(--mantine-color-green-8), var(--mantine-color-blue-8))",
      }}
    >
      <Stack justify="space-between" h="100%" gap="xl">
        <Logo size={40} textColor="white" />
        <Stack gap="sm">
          <Title order={1} fz={{ base: 24, md: 32 }} c="white">
            {t("auth.welcome.title")}
          </Title>
          <Text c="white" opacity={0.85}>
            {t("auth.welcome.text")}
          </Text>
        </Stack>
        <Group justify="space-between" visibleFrom="md">
          <Text size="sm" opacity={0.8}>
            © {new Date().getFullYear()} {brandName}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={paths.terms} c="white" size="sm">
              {t("auth.links.privacy")}
            </Anchor>
            <Anchor component={Link} to={paths.terms} c="white" size="sm">
              {t("auth.links.legal")}
            </Anchor>
          </Group>
        </Group>
      </Stack>
    </Box>
  );
}
