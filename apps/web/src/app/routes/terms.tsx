import { Anchor, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Logo } from "../../components/logo";
import { type I18nKey, t } from "../../lib/i18n";
import { paths } from "../../lib/paths";

const sections = ["use", "accounts", "payouts", "privacy", "contact"] as const;

export function TermsRoute() {
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between">
          <Anchor component={Link} to={paths.home}>
            <Logo size={32} />
          </Anchor>
          <Anchor component={Link} to={paths.home} size="sm">
            {t("terms.back")}
          </Anchor>
        </Group>
        <Paper withBorder p={{ base: "md", sm: "xl" }} radius="lg">
          <Stack gap="md">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t("terms.title")}
            </Title>
            <Text c="dimmed">{t("terms.updated")}</Text>
            {sections.map((section) => (
              <Stack key={section} gap={4} component="section">
                <Title order={2} fz="lg">
                  {t(`terms.${section}.title` as I18nKey)}
                </Title>
                <Text>{t(`terms.${section}.text` as I18nKey)}</Text>
              </Stack>
            ))}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
