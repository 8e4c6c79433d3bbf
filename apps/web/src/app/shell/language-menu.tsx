import { Button, Menu } from "@mantine/core";
import { languages } from "@rewards/contract";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useChooseLanguage } from "../../features/auth/api/choose-language";
import { t } from "../../lib/i18n";
import { useLanguageStore } from "../../lib/language";
import { languageNames } from "../../lib/language-names";
import { showError } from "../../lib/show-error";

/** The header's language selector: the member's choice, kept in their profile. */
export function LanguageMenu() {
  const current = useLanguageStore((state) => state.language);
  const choose = useChooseLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={`${current.toUpperCase()} – ${t("shell.language")}`}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("shell.language")}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            rightSection={language === current ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={language === current ? "true" : undefined}
            onClick={() =>
              choose.mutate(language, { onError: (error) => showError(t("shell.language.failed"), error) })
            }
          >
            {languageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
