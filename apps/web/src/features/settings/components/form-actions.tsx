import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "../../../lib/i18n";

/** The Save button of a settings tab, with room for a tab's own extra action. */
export function FormActions({ saving, children }: { saving: boolean; children?: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm">
      {children}
      <Button type="submit" loading={saving}>
        {t("common.save")}
      </Button>
    </Group>
  );
}
