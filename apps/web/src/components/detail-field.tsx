import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { type I18nKey, t } from "../lib/i18n";

function Label({ label }: { label: I18nKey }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {t(label)}
    </Text>
  );
}

/** A labelled value in a details modal. */
export function DetailField({ label, children }: { label: I18nKey; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Label label={label} />
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A labelled group of blocks (lists, grids of fields) in a details modal. */
export function DetailPart({ label, children }: { label: I18nKey; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Label label={label} />
      {children}
    </Stack>
  );
}
