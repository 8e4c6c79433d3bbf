import { Stack, Text } from "@mantine/core";
import type { AuditEntry } from "@rewards/contract";
import { t } from "../../../lib/i18n";

const maxLength = 60;

/** One value as short text: long texts are cut (the whole value is in the title). */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return t("common.none");
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

const fullText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value ?? null));

/** The changed fields, one line each: `field: before → after` (one side on create or delete). */
export function AuditChanges({ changes }: { changes: AuditEntry["changes"] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("audit.noChanges")}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {fields.map(([field, change]) => {
        const hasBefore = "before" in change;
        const hasAfter = "after" in change;
        const title = [hasBefore ? fullText(change.before) : "", hasAfter ? fullText(change.after) : ""]
          .filter(Boolean)
          .join(" → ");
        return (
          <Text key={field} size="sm" title={title} style={{ overflowWrap: "anywhere" }}>
            <Text span fw={600} size="sm">
              {field}
            </Text>
            {": "}
            {hasBefore && (
              <Text span size="sm" c="dimmed" td={hasAfter ? "line-through" : undefined}>
                {formatValue(change.before)}
              </Text>
            )}
            {hasBefore && hasAfter && " → "}
            {hasAfter && formatValue(change.after)}
          </Text>
        );
      })}
    </Stack>
  );
}
