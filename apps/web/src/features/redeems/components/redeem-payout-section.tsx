import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { Payout } from "@rewards/contract";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../lib/format";
import { type I18nKey, t, translateMessage } from "../../../lib/i18n";
import { PayoutStateBadge } from "./payout-state-badge";

function Field({ label, children }: { label: I18nKey; children: ReactNode }) {
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

/**
 * A redeem's latest payout through its code stock or the provider: how, where it is, and why it waits
 * or failed, so the operator sees what a Processing redeem is waiting for.
 */
export function RedeemPayoutSection({ payout }: { payout: Payout }) {
  const none = t("common.none");
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="redeem-payout">
      <Field label="payoutState.field.method">{t(`payoutState.method.${payout.method}`)}</Field>
      <Field label="payoutState.field.status">
        <PayoutStateBadge state={payout.status} />
      </Field>
      <Field label="payoutState.field.attempts">{payout.attempts}</Field>
      <Field label="payoutState.field.message">
        {payout.message ? translateMessage(payout.message) : none}
      </Field>
      <Field label="payoutState.field.nextAttempt">
        {payout.nextAttemptAt ? formatDateTime(payout.nextAttemptAt) : none}
      </Field>
      <Field label="payoutState.field.providerOrder">{payout.providerOrderId ?? none}</Field>
    </SimpleGrid>
  );
}
