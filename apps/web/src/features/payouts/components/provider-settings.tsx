import { Fieldset, PasswordInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { providerDeliveries, tremendousBaseUrls } from "@rewards/contract";
import { CopyableCode } from "../../../components/copyable-code";
import { t } from "../../../lib/i18n";
import { useWebhookAppKey } from "../api/payout-settings";
import type { PayoutForm, ProviderEnvironment } from "./payout-settings-values";

const environments = (): { value: ProviderEnvironment; label: string }[] => [
  { value: "sandbox", label: t("payoutRules.provider.sandbox") },
  { value: "production", label: t("payoutRules.provider.production") },
  { value: "custom", label: t("payoutRules.provider.custom") },
];

/** The address Tremendous calls with its events: this app's, named by its public key. */
function WebhookAddress() {
  const appKey = useWebhookAppKey();
  const label = t("payoutRules.provider.webhookUrl");
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {appKey.data ? (
        <CopyableCode
          value={`${window.location.origin}/webhooks/tremendous/${appKey.data.appKey}`}
          copyLabel={t("payoutRules.provider.copyWebhookUrl")}
          copiedLabel={t("payouts.reveal.copied")}
          testId="tremendous-webhook-url"
        />
      ) : (
        <Text size="sm" c={appKey.isError ? "red" : "dimmed"}>
          {t(appKey.isError ? "payoutRules.provider.webhookUrlFailed" : "payoutRules.provider.loading")}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t("payoutRules.provider.webhookUrlHint")}
      </Text>
    </Stack>
  );
}

/**
 * The payout provider (Tremendous): its account and how rewards are delivered. The two secrets come back
 * masked; left as they are, the save keeps the stored ones.
 */
export function ProviderSettings({ form, canSave }: { form: PayoutForm; canSave: boolean }) {
  const { tremendousOn, environment } = form.values;
  return (
    <Fieldset legend={t("payoutRules.provider.title")} disabled={!canSave} radius="md">
      <Stack gap="md">
        <Switch
          label={t("payoutRules.provider.on")}
          description={t("payoutRules.provider.onHint")}
          {...form.getInputProps("tremendousOn", { type: "checkbox" })}
        />
        {tremendousOn && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label={t("payoutRules.provider.apiKey")}
                description={t("payoutRules.provider.secretHint")}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps("tremendous.apiKey")}
              />
              <PasswordInput
                label={t("payoutRules.provider.webhookPrivateKey")}
                description={t("payoutRules.provider.secretHint")}
                withAsterisk
                autoComplete="off"
                {...form.getInputProps("tremendous.webhookPrivateKey")}
              />
              <Select
                label={t("payoutRules.provider.environment")}
                data={environments()}
                allowDeselect={false}
                {...form.getInputProps("environment")}
                onChange={(value) => {
                  const next = (value ?? "sandbox") as ProviderEnvironment;
                  form.setFieldValue("environment", next);
                  // A preset fills its address; custom starts from the one shown.
                  if (next !== "custom") form.setFieldValue("tremendous.baseUrl", tremendousBaseUrls[next]);
                }}
              />
              {environment === "custom" ? (
                <TextInput
                  label={t("payoutRules.provider.baseUrl")}
                  withAsterisk
                  {...form.getInputProps("tremendous.baseUrl")}
                />
              ) : (
                <TextInput
                  label={t("payoutRules.provider.baseUrl")}
                  value={tremendousBaseUrls[environment]}
                  readOnly
                  variant="filled"
                />
              )}
              <TextInput
                label={t("payoutRules.provider.fundingSourceId")}
                withAsterisk
                {...form.getInputProps("tremendous.fundingSourceId")}
              />
              <Select
                label={t("payoutRules.provider.delivery")}
                data={providerDeliveries.map((value) => ({
                  value,
                  label: t(`payoutRules.provider.delivery.${value}`),
                }))}
                allowDeselect={false}
                {...form.getInputProps("tremendous.delivery")}
              />
            </SimpleGrid>
            <WebhookAddress />
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
