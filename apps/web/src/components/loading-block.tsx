import { Alert, Group, Loader, Text } from "@mantine/core";
import { t } from "../lib/i18n";
import { errorColor } from "../theme";

/** "Please wait..." while a modal or card loads its data. */
export function LoadingBlock() {
  return (
    <Group justify="center" gap="xs" py="xl">
      <Loader size="sm" />
      <Text c="dimmed">{t("common.loading")}</Text>
    </Group>
  );
}

/** A failed load inside a modal: the action's message and the server's beneath it (decision 0007). */
export function LoadError({ action, error }: { action: string; error: Error }) {
  return (
    <Alert color={errorColor} title={action}>
      {error.message}
    </Alert>
  );
}
