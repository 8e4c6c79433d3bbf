import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { type I18nKey, t } from "../lib/i18n";

/** A labelled value in a details modal. */
export function DetailField({ label, children }: { label: I18nKey; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t(label)}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}
