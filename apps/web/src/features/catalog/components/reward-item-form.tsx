import { Button, Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import {
  type Fulfilment,
  type RewardItem,
  type RewardItemBody,
  rewardItemBodySchema,
} from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useCreateRewardItem } from "../api/create-reward-item";
import { useUpdateRewardItem } from "../api/update-reward-item";
import { showDone } from "./show-done";

type RewardItemFormValues = {
  cost: string;
  points: number | string;
  fulfilment: Fulfilment;
  lowStockBelow: number | string;
  providerProductId: string;
  providerCampaignId: string;
  providerValue: number | string;
  providerCurrency: string;
};

/** How an item's redeems can be paid (a function: the labels follow the language shown). */
const fulfilmentOptions = () => [
  { value: "manual", label: t("catalog.item.fulfilment.manual") },
  { value: "inventory", label: t("catalog.item.fulfilment.inventory") },
  { value: "provider", label: t("itemProvider.fulfilment") },
];

/** A provider item's fields as sent; other items send none (the server keeps its defaults). */
function providerFields(values: RewardItemFormValues): Partial<RewardItemBody> {
  if (values.fulfilment !== "provider") return {};
  return {
    providerProductId: values.providerProductId.trim() || null,
    providerCampaignId: values.providerCampaignId.trim() || null,
    providerValue: values.providerValue === "" ? null : Number(values.providerValue),
    providerCurrency: values.providerCurrency.trim().toUpperCase() || "USD",
  };
}

const validateBody = formResolver(rewardItemBodySchema);
/** The form's own fields are checked as typed (an empty amount is "required"), the provider's as sent. */
function validate(values: RewardItemFormValues) {
  const { providerProductId, providerCampaignId, providerValue, providerCurrency, ...own } = values;
  return validateBody({ ...own, ...providerFields(values) });
}

/** A provider item's reward on Tremendous: its product or campaign, the value ordered and its currency. */
function ProviderFields({ form }: { form: UseFormReturnType<RewardItemFormValues> }) {
  return (
    <>
      <TextInput
        label={t("itemProvider.productId")}
        description={t("itemProvider.ids.hint")}
        {...form.getInputProps("providerProductId")}
      />
      <TextInput label={t("itemProvider.campaignId")} {...form.getInputProps("providerCampaignId")} />
      <Group grow align="flex-start">
        <NumberInput
          label={t("itemProvider.value")}
          withAsterisk
          allowNegative={false}
          decimalScale={2}
          min={0.01}
          {...form.getInputProps("providerValue")}
        />
        <TextInput
          label={t("itemProvider.currency")}
          maxLength={3}
          {...form.getInputProps("providerCurrency")}
        />
      </Group>
    </>
  );
}

/** The reward item form: the amount's label, its price in points and how its redeems are paid. */
export function RewardItemForm({ rewardId, item }: { rewardId: string; item?: RewardItem }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const create = useCreateRewardItem();
  const update = useUpdateRewardItem();
  const form = useForm<RewardItemFormValues>({
    initialValues: {
      cost: item?.cost ?? "",
      points: item?.points ?? "",
      fulfilment: item?.fulfilment ?? "manual",
      lowStockBelow: item?.lowStockBelow ?? 10,
      providerProductId: item?.providerProductId ?? "",
      providerCampaignId: item?.providerCampaignId ?? "",
      providerValue: item?.providerValue ?? "",
      providerCurrency: item?.providerCurrency ?? "USD",
    },
    validate,
    validateInputOnBlur: true,
  });

  const submit = (values: RewardItemFormValues) => {
    const body: RewardItemBody = {
      cost: values.cost,
      points: Number(values.points),
      fulfilment: values.fulfilment,
      lowStockBelow: Number(values.lowStockBelow),
      ...providerFields(values),
    };
    const handlers = {
      onSuccess: () => {
        showDone(t("catalog.item.saved"));
        clearSelection();
        close();
      },
      onError: (error: Error) =>
        showSaveError(form, item ? t("action.updateRewardItem") : t("action.createRewardItem"), error),
    };
    if (item) update.mutate({ id: item._id, body }, handlers);
    else create.mutate({ rewardId, body }, handlers);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <TextInput
          label={t("catalog.item.field.cost")}
          placeholder={t("catalog.item.field.costPlaceholder")}
          withAsterisk
          {...form.getInputProps("cost")}
        />
        <NumberInput
          label={t("catalog.item.field.points")}
          withAsterisk
          allowDecimal={false}
          min={0}
          thousandSeparator=" "
          {...form.getInputProps("points")}
        />
        <Select
          label={t("catalog.item.field.fulfilment")}
          data={fulfilmentOptions()}
          allowDeselect={false}
          {...form.getInputProps("fulfilment")}
        />
        {form.values.fulfilment === "inventory" && (
          <NumberInput
            label={t("catalog.item.field.lowStockBelow")}
            allowDecimal={false}
            min={0}
            {...form.getInputProps("lowStockBelow")}
          />
        )}
        {form.values.fulfilment === "provider" && <ProviderFields form={form} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
