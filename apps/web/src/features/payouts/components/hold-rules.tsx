import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
} from "@mantine/core";
import { offerNetworks } from "@rewards/contract";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { t } from "../../../lib/i18n";
import { anyNetwork, emptyHoldRule, type PayoutForm } from "./payout-settings-values";

/** The most rules a list may hold (the contract's limit). */
const maxRules = 20;

const networkOptions = () => [
  { value: anyNetwork, label: t("payoutRules.holds.anyNetwork") },
  ...offerNetworks.map((network) => ({ value: network, label: network.toUpperCase() })),
];

/** A bound of a rule: empty is "any". */
function Bound({
  form,
  path,
  label,
  decimals,
}: {
  form: PayoutForm;
  path: string;
  label: string;
  decimals?: boolean;
}) {
  return (
    <NumberInput
      label={label}
      placeholder={t("payoutRules.holds.any")}
      allowNegative={false}
      allowDecimal={decimals ?? false}
      decimalScale={decimals ? 2 : undefined}
      min={0}
      {...form.getInputProps(path)}
    />
  );
}

function RuleActions({ form, index, count }: { form: PayoutForm; index: number; count: number }) {
  const rule = index + 1;
  const move = (to: number) => form.reorderListItem("holdRules", { from: index, to });
  const buttons = [
    {
      label: t("payoutRules.holds.moveUp", { rule }),
      icon: IconArrowUp,
      disabled: index === 0,
      onClick: () => move(index - 1),
    },
    {
      label: t("payoutRules.holds.moveDown", { rule }),
      icon: IconArrowDown,
      disabled: index === count - 1,
      onClick: () => move(index + 1),
    },
    {
      label: t("payoutRules.holds.remove", { rule }),
      icon: IconTrash,
      disabled: false,
      onClick: () => form.removeListItem("holdRules", index),
    },
  ];
  return (
    <Group gap={4}>
      {buttons.map(({ label, icon: Icon, disabled, onClick }) => (
        <Tooltip key={label} label={label}>
          <ActionIcon variant="subtle" aria-label={label} disabled={disabled} onClick={onClick}>
            <Icon size={16} />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The hold rules, in order: the first rule whose conditions all hold sets the credit's hold. */
function HoldRuleList({ form }: { form: PayoutForm }) {
  const rules = form.values.holdRules;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("payoutRules.holds.hint")}
      </Text>
      {rules.length === 0 && (
        <Text size="sm" fs="italic">
          {t("payoutRules.holds.none")}
        </Text>
      )}
      {rules.map((rule, index) => {
        const title = t("payoutRules.holds.rule", { rule: index + 1 });
        return (
          <Paper key={rule.key} withBorder radius="md" p="sm" component="section" aria-label={title}>
            <Group justify="space-between" mb="xs">
              <Text size="sm" fw={600}>
                {title}
              </Text>
              <RuleActions form={form} index={index} count={rules.length} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={t("payoutRules.holds.network")}
                data={networkOptions()}
                allowDeselect={false}
                {...form.getInputProps(`holdRules.${index}.network`)}
              />
              <Bound
                form={form}
                path={`holdRules.${index}.minPayoutUsd`}
                label={t("payoutRules.holds.minPayoutUsd")}
                decimals
              />
              <Bound
                form={form}
                path={`holdRules.${index}.maxLifetimeUsd`}
                label={t("payoutRules.holds.maxLifetimeUsd")}
                decimals
              />
              <Bound
                form={form}
                path={`holdRules.${index}.maxAccountAgeDays`}
                label={t("payoutRules.holds.maxAccountAgeDays")}
              />
              <Bound
                form={form}
                path={`holdRules.${index}.minReversals`}
                label={t("payoutRules.holds.minReversals")}
              />
              <NumberInput
                label={t("payoutRules.holds.holdDays")}
                withAsterisk
                allowNegative={false}
                allowDecimal={false}
                min={1}
                max={180}
                {...form.getInputProps(`holdRules.${index}.holdDays`)}
              />
            </SimpleGrid>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={rules.length >= maxRules}
          onClick={() => form.insertListItem("holdRules", emptyHoldRule())}
        >
          {t("payoutRules.holds.add")}
        </Button>
      </Group>
    </Stack>
  );
}

/** A user whose offers are reversed too often has every new credit held, whatever the rules say. */
function ReversalHold({ form }: { form: PayoutForm }) {
  return (
    <Stack gap="sm">
      <Switch
        label={t("payoutRules.reversal.on")}
        description={t("payoutRules.reversal.hint")}
        {...form.getInputProps("reversalHoldOn", { type: "checkbox" })}
      />
      {form.values.reversalHoldOn && (
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <NumberInput
            label={t("payoutRules.reversal.ratePercent")}
            withAsterisk
            allowNegative={false}
            min={1}
            max={100}
            {...form.getInputProps("reversalHold.ratePercent")}
          />
          <NumberInput
            label={t("payoutRules.reversal.windowDays")}
            withAsterisk
            allowNegative={false}
            allowDecimal={false}
            min={1}
            max={365}
            {...form.getInputProps("reversalHold.windowDays")}
          />
          <NumberInput
            label={t("payoutRules.reversal.minOffers")}
            withAsterisk
            allowNegative={false}
            allowDecimal={false}
            min={1}
            {...form.getInputProps("reversalHold.minOffers")}
          />
          <NumberInput
            label={t("payoutRules.reversal.holdDays")}
            withAsterisk
            allowNegative={false}
            allowDecimal={false}
            min={1}
            max={180}
            {...form.getInputProps("reversalHold.holdDays")}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Holds: the rules list and the reversal-rate hold. */
export function HoldRules({ form, canSave }: { form: PayoutForm; canSave: boolean }) {
  return (
    <Fieldset legend={t("payoutRules.holds.title")} disabled={!canSave} radius="md">
      <Stack gap="lg">
        <HoldRuleList form={form} />
        <ReversalHold form={form} />
      </Stack>
    </Fieldset>
  );
}
