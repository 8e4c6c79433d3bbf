import { Alert } from "@mantine/core";
import { messages } from "@rewards/contract";
import { IconLock } from "@tabler/icons-react";
import { t, translateMessage } from "../lib/i18n";

/** In place of a screen that is only a write the member's role may not make. */
export function RoleForbidden() {
  return (
    <Alert color="yellow" title={t("errorPage.forbidden")} icon={<IconLock size={20} />}>
      {translateMessage(messages.roleForbidden)}
    </Alert>
  );
}
