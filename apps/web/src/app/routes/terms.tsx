import { Anchor, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Logo } from "../../components/logo";
import { paths } from "../../lib/paths";
import { type ScreenTextKey, screenText } from "../../lib/screen-texts";

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
            {screenText("terms.back")}
          </Anchor>
        </Group>
        <Paper withBorder p={{ base: "md", sm: "xl" }} radius="lg">
          <Stack gap="md">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {screenText("terms.title")}
            </Title>
            <Text c="dimmed">{screenText("terms.updated")}</Text>
            {sections.map((section) => (
              <Stack key={section} gap={4} component="section">
                <Title order={2} fz="lg">
                  {screenText(`terms.${section}.title` as ScreenTextKey)}
                </Title>
                <Text>{screenText(`terms.${section}.text` as ScreenTextKey)}</Text>
              </Stack>
            ))}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
