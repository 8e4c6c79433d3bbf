import { Checkbox, Fieldset, NumberInput, SimpleGrid, Stack, Switch } from "@mantine/core";
import { maxPointsBalance } from "@rewards/contract";
import { screenText } from "../../../lib/screen-texts";
import type { PayoutForm } from "./payout-settings-values";

/**
 * Automatic approval: a new redeem of an inventory or provider item that meets every condition is paid
 * without a member (never above the approval amount, never while paused).
 */
export function AutoApproval({ form, canSave }: { form: PayoutForm; canSave: boolean }) {
  return (
    <Fieldset legend={screenText("payoutRules.auto.title")} disabled={!canSave} radius="md">
      <Stack gap="md">
        <Switch
          label={screenText("payoutRules.auto.on")}
          description={screenText("payoutRules.auto.hint")}
          {...form.getInputProps("autoApprovalOn", { type: "checkbox" })}
        />
        {form.values.autoApprovalOn && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NumberInput
                label={screenText("payoutRules.auto.maxPoints")}
                withAsterisk
                allowNegative={false}
                allowDecimal={false}
                min={1}
                max={maxPointsBalance}
                thousandSeparator=" "
                {...form.getInputProps("autoApproval.maxPoints")}
              />
              <NumberInput
                label={screenText("payoutRules.auto.minAccountAgeDays")}
                withAsterisk
                allowNegative={false}
                allowDecimal={false}
                min={0}
                {...form.getInputProps("autoApproval.minAccountAgeDays")}
              />
              <NumberInput
                label={screenText("payoutRules.auto.noReversalDays")}
                withAsterisk
                allowNegative={false}
                allowDecimal={false}
                min={0}
                max={365}
                {...form.getInputProps("autoApproval.noReversalDays")}
              />
            </SimpleGrid>
            <Checkbox
              label={screenText("payoutRules.auto.requireLowRisk")}
              {...form.getInputProps("autoApproval.requireLowRisk", { type: "checkbox" })}
            />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
