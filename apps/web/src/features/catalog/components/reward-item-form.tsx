import { Button, Group, NumberInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { actionErrors, type RewardItem, rewardItemBodySchema } from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useCreateRewardItem } from "../api/create-reward-item";
import { useUpdateRewardItem } from "../api/update-reward-item";
import { showDone } from "./show-done";

type RewardItemFormValues = { cost: string; points: number | string };

/** The reward item form: the amount's label and its price in points. */
export function RewardItemForm({ rewardId, item }: { rewardId: string; item?: RewardItem }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const create = useCreateRewardItem();
  const update = useUpdateRewardItem();
  const form = useForm<RewardItemFormValues>({
    initialValues: { cost: item?.cost ?? "", points: item?.points ?? "" },
    validate: formResolver(rewardItemBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (values: RewardItemFormValues) => {
    const body = { cost: values.cost, points: Number(values.points) };
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
