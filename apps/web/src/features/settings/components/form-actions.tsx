import { Group } from "@mantine/core";
import { settingsEndpoints } from "@rewards/contract";
import type { ReactNode } from "react";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { t } from "../../../lib/i18n";
import { useCanCall } from "../../../lib/permissions";

// Every settings tab saves with the same permission: the general tab's call stands for them all.
const saveCall = settingsEndpoints.updateGeneral;

/**
 * The Save button of a settings tab, with room for a tab's own extra action (left out, like the save,
 * for a role that may not write settings).
 */
export function FormActions({ saving, children }: { saving: boolean; children?: ReactNode }) {
  const canSave = useCanCall(saveCall);
  return (
    <Group justify="flex-end" gap="sm">
      {canSave && children}
      <SubmitIfCan call={saveCall} loading={saving}>
        {t("common.save")}
      </SubmitIfCan>
    </Group>
  );
}
