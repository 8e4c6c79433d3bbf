import { Group, Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "../../lib/i18n";

/** Shown while rows are selected: the count and the list's bulk actions. */
export function SelectionBar({ count, children }: { count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="md" bg="var(--mantine-primary-color-light)">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {t("list.selectedCount", { count })}
        </Text>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  );
}
