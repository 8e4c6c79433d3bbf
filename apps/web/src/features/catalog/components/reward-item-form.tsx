import { Button, Group, NumberInput, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { actionErrors, type Fulfilment, type RewardItem, rewardItemBodySchema } from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { screenText } from "../../../lib/screen-texts";
import { useCreateRewardItem } from "../api/create-reward-item";
import { useUpdateRewardItem } from "../api/update-reward-item";
import { showDone } from "./show-done";

type RewardItemFormValues = {
  cost: string;
  points: number | string;
  fulfilment: Fulfilment;
  lowStockBelow: number | string;
};

/** The fulfilments an item can choose today (a payout provider comes later). */
const fulfilmentOptions = [
  { value: "manual", label: screenText("catalog.item.fulfilment.manual") },
  { value: "inventory", label: screenText("catalog.item.fulfilment.inventory") },
];

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
    },
    validate: formResolver(rewardItemBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (values: RewardItemFormValues) => {
    const body = {
      cost: values.cost,
      points: Number(values.points),
      fulfilment: values.fulfilment,
      lowStockBelow: Number(values.lowStockBelow),
    };
    const handlers = {
      onSuccess: () => {
        showDone(t("catalog.item.saved"));
        clearSelection();
        close();
      },
      onError: (error: Error) =>
        showSaveError(form, item ? actionErrors.updateRewardItem : actionErrors.createRewardItem, error),
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
          label={screenText("catalog.item.field.fulfilment")}
          data={fulfilmentOptions}
          allowDeselect={false}
          {...form.getInputProps("fulfilment")}
        />
        {form.values.fulfilment === "inventory" && (
          <NumberInput
            label={screenText("catalog.item.field.lowStockBelow")}
            allowDecimal={false}
            min={0}
            {...form.getInputProps("lowStockBelow")}
          />
        )}
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
