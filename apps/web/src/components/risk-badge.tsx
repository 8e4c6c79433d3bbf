import { Badge, Group, List, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { type RiskReason, riskReasonLabels } from "@rewards/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { t } from "../lib/i18n";

/**
 * Reasons that point at someone hiding or abusing (an anonymising address, a known threat, a request
 * from another country than the sign-up): red. The rest (linked accounts, a data-center address, an
 * address the service could not screen) call for a look: orange.
 */
const severeReasons: readonly RiskReason[] = ["vpn", "proxy", "tor", "threat", "country_mismatch"];

export const riskColor = (reasons: readonly RiskReason[]) =>
  reasons.some((reason) => severeReasons.includes(reason)) ? "red" : "orange";

/**
 * "Risky" with its reasons on hover, focus or touch; nothing at all for a clean user or request, so the
 * badge stands out where it appears. Its accessible name carries the reasons too.
 */
export function RiskBadge({ reasons }: { reasons: readonly RiskReason[] }) {
  if (reasons.length === 0) return null;
  const labels = reasons.map((reason) => riskReasonLabels[reason]);
  return (
    <Tooltip
      multiline
      w={300}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
      label={
        <Stack gap={4}>
          <Text size="xs" fw={600}>
            {t("risk.why")}
          </Text>
          <List size="xs" spacing={2}>
            {labels.map((label) => (
              <List.Item key={label}>{label}</List.Item>
            ))}
          </List>
        </Stack>
      }
    >
      <Badge
        component="button"
        type="button"
        color={riskColor(reasons)}
        variant="light"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        miw="max-content"
        aria-label={t("risk.badgeLabel", { reasons: labels.join("; ") })}
        style={{ cursor: "help", border: 0 }}
      >
        {t("risk.badge")}
      </Badge>
    </Tooltip>
  );
}

/** Each reason spelled out, for the details modals, where there is room for more than a tooltip. */
export function RiskReasonList({ reasons }: { reasons: readonly RiskReason[] }) {
  if (reasons.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t("risk.clean")}
      </Text>
    );
  return (
    <Stack gap={4}>
      {reasons.map((reason) => (
        <Group key={reason} gap="xs" wrap="nowrap">
          <ThemeIcon size="sm" radius="xl" variant="light" color={riskColor([reason])}>
            <IconAlertTriangle size={12} aria-hidden />
          </ThemeIcon>
          <Text size="sm">{riskReasonLabels[reason]}</Text>
        </Group>
      ))}
    </Stack>
  );
}
