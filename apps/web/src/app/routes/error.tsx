import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { Logo } from "../../components/logo";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";

export function ErrorRoute() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" ta="center" maw={520}>
        <Logo size={40} />
        <Title order={1} fz={{ base: 96, sm: 140 }} lh={1} c="green.7">
          {t("errorPage.code")}
        </Title>
        <Title order={2} fz={{ base: 20, sm: 26 }}>
          {t("errorPage.title")}
        </Title>
        <Text c="dimmed">{t("errorPage.text")}</Text>
        <Button component={Link} to={paths.home}>
          {t("errorPage.home")}
        </Button>
      </Stack>
    </Center>
  );
}
