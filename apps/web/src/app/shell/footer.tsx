import { Anchor, Group, Text } from "@mantine/core";
import { brandName } from "@rewards/contract";
import { Link } from "react-router";
import { t } from "../../lib/i18n";
import { paths } from "../../lib/paths";

export function Footer() {
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      py="md"
      mt="xl"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Text size="sm" c="dimmed">
        {t("shell.footer.copyright", { year: new Date().getFullYear(), brand: brandName })}
      </Text>
      <Group gap="md">
        <Anchor component={Link} to={paths.terms} size="sm" c="dimmed">
          {t("shell.footer.terms")}
        </Anchor>
        <Anchor component={Link} to={paths.terms} size="sm" c="dimmed">
          {t("shell.footer.contact")}
        </Anchor>
      </Group>
    </Group>
  );
}
