import { Stack, Text } from "@mantine/core";
import type { AuditEntry } from "@rewards/contract";
import { t } from "../../../lib/i18n";

/** Who made the change: the administrator, or the shell (`npm run admin`) when no one signed in did. */
export function AuditActor({ actor }: { actor: AuditEntry["actor"] }) {
  if (!actor) {
    return (
      <Text size="sm" c="dimmed">
        {t("audit.shell")}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm">{actor.fullName || actor.username}</Text>
      <Text size="xs" c="dimmed">
        {actor.username}
      </Text>
    </Stack>
  );
}
