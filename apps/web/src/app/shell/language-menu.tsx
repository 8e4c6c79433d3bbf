import { Button, Menu } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { t } from "../../lib/i18n";

/** English only until another translation is complete (decision 0014). */
export function LanguageMenu() {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} />}
          aria-label={t("shell.language")}
        >
          {t("shell.language.enShort")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("shell.language")}</Menu.Label>
        <Menu.Item rightSection={<IconCheck size={16} />}>{t("shell.language.en")}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
