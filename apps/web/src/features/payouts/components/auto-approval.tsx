import { Checkbox, Fieldset, NumberInput, SimpleGrid, Stack, Switch } from "@mantine/core";
import { maxPointsBalance } from "@rewards/contract";
import { t } from "../../../lib/i18n";
import type { PayoutForm } from "./payout-settings-values";

/**
 * Automatic approval: a new redeem of an inventory or provider item that meets every condition is paid
 * without a member (never above the approval amount, never while paused).
 */
export function AutoApproval({ form, canSave }: { form: PayoutForm; canSave: boolean }) {
  return (
    <Fieldset legend={t("payoutRules.auto.title")} disabled={!canSave} radius="md">
      <Stack gap="md">
        <Switch
          label={t("payoutRules.auto.on")}
          description={t("payoutRules.auto.hint")}
          {...form.getInputProps("autoApprovalOn", { type: "checkbox" })}
        />
        {form.values.autoApprovalOn && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label={t("payoutRules.auto.maxPoints")}
                withAsterisk
                allowNegative={false}
                allowDecimal={false}
                min={1}
                max={maxPointsBalance}
                thousandSeparator=" "
                {...form.getInputProps("autoApproval.maxPoints")}
              />
              <NumberInput
                label={t("payoutRules.auto.minAccountAgeDays")}
                withAsterisk
                allowNegative={false}
                allowDecimal={false}
                min={0}
                {...form.getInputProps("autoApproval.minAccountAgeDays")}
              />
              <NumberInput
                label={t("payoutRules.auto.noReversalDays")}
                withAsterisk
                allowNegative={false}
                allowDecimal={false}
                min={0}
                max={365}
                {...form.getInputProps("autoApproval.noReversalDays")}
              />
            </SimpleGrid>
            <Checkbox
              label={t("payoutRules.auto.requireLowRisk")}
              {...form.getInputProps("autoApproval.requireLowRisk", { type: "checkbox" })}
            />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
