import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  maxPointsBalance,
  type PayoutSettings,
  payoutEndpoints,
  payoutSettingsSchema,
} from "@rewards/contract";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { useCanCall } from "../../../lib/permissions";
import { showError } from "../../../lib/show-error";
import { errorColor } from "../../../theme";
import { usePayoutSettings, useSavePayoutSettings } from "../api/payout-settings";
import { AutoApproval } from "./auto-approval";
import { HoldRules } from "./hold-rules";
import { fromSettings, type PayoutFormValues, toBody } from "./payout-settings-values";
import { ProviderSettings } from "./provider-settings";

const validateBody = formResolver(payoutSettingsSchema);

/**
 * The rules' form, saved whole by one Save: pause, approval amount, the provider, holds and automatic
 * approval. Editable with settings.write, read-only for the other roles.
 */
function PayoutSettingsForm({ settings, canSave }: { settings: PayoutSettings; canSave: boolean }) {
  const save = useSavePayoutSettings();
  const form = useForm<PayoutFormValues, PayoutSettings>({
    initialValues: fromSettings(settings),
    validate: (values) => validateBody(toBody(values)),
    transformValues: toBody,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.setInitialValues(fromSettings(saved));
        notifications.show({ color: "green", message: t("payouts.settings.saved") });
      },
      onError: (error) => {
        // A 400 names its fields: those go onto the form, anything else into a notification.
        // Their paths are the form's own ("holdRules.0.holdDays", "tremendous.apiKey").
        const fieldErrors = fieldErrorsOf(error);
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        else showError(t("payouts.settings.saveFailed"), error);
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t("payouts.settings.title")}>
      <Stack gap="md">
        <Switch
          label={t("payouts.settings.paused")}
          description={t("payouts.settings.pausedHint")}
          color={errorColor}
          disabled={!canSave}
          {...form.getInputProps("paused", { type: "checkbox" })}
        />
        <NumberInput
          label={t("payouts.settings.approvalAbove")}
          description={t("payouts.settings.approvalAboveHint")}
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={maxPointsBalance}
          maw={420}
          readOnly={!canSave}
          variant={canSave ? "default" : "filled"}
          {...form.getInputProps("approvalAbove")}
        />
        <ProviderSettings form={form} canSave={canSave} />
        <HoldRules form={form} canSave={canSave} />
        <AutoApproval form={form} canSave={canSave} />
        {canSave ? (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("payouts.settings.readOnly")}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** /dash/payouts: the app's payout rules. */
export function PayoutsPage() {
  const settings = usePayoutSettings();
  const canSave = useCanCall(payoutEndpoints.saveSettings);
  return (
    <Card withBorder radius="lg" padding="lg" maw={900}>
      <Title order={2} fz="lg" mb="md">
        {t("payouts.settings.title")}
      </Title>
      {settings.isPending && <LoadingBlock />}
      {settings.isError && <LoadError action={t("payouts.settings.loadFailed")} error={settings.error} />}
      {settings.data && (
        <Stack gap="lg">
          {settings.data.paused && (
            <Alert color={errorColor} title={t("redeems.payoutsPaused")} role="alert">
              {t("payouts.settings.pausedAlert")}
            </Alert>
          )}
          <PayoutSettingsForm settings={settings.data} canSave={canSave} />
        </Stack>
      )}
    </Card>
  );
}
