import { NativeSelect } from "@mantine/core";
import { isLanguage } from "@rewards/contract";
import { IconLanguage } from "@tabler/icons-react";
import { useChooseLanguage } from "../../features/auth/api/choose-language";
import { t } from "../../lib/i18n";
import { useLanguageStore } from "../../lib/language";
import { languageOptions } from "../../lib/language-names";
import { showError } from "../../lib/show-error";

/**
 * The language selector of the sign-in pages: the browser's own select, which costs the sign-in page
 * nothing (the header's menu would bring its popover, about 30 KB gzip, over the page's budget).
 */
export function LanguageSelect() {
  const current = useLanguageStore((state) => state.language);
  const choose = useChooseLanguage();
  return (
    <NativeSelect
      size="xs"
      aria-label={t("shell.language")}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={current}
      data={languageOptions}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isLanguage(language)) {
          choose.mutate(language, { onError: (error) => showError(t("shell.language.failed"), error) });
        }
      }}
    />
  );
}
