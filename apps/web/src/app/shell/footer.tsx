import { Anchor, Group, Text } from "@mantine/core";
import { brandName } from "@rewards/contract";
import { Link } from "react-router";
import { t } from "../../lib/i18n";
import { useLanguageStore } from "../../lib/language";
import { paths } from "../../lib/paths";

/** The page's foot: the copyright, the time zone every date and time is shown in, and the links. */
export function Footer() {
  const timeZone = useLanguageStore((state) => state.timeZone);
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      py="md"
      mt="xl"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group gap="md">
        <Text size="sm" c="dimmed">
          {/* A year is a name, not a quantity: never grouped ("2.026"). */}
          {t("shell.footer.copyright", { year: String(new Date().getFullYear()), brand: brandName })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("shell.footer.timeZone", { zone: timeZone })}
        </Text>
      </Group>
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
