import { Button, Group, NumberInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { messages, type Reward, rewardFieldsSchema, rewardIconField } from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { formResolver } from "../../../lib/form";
import { t, translateMessage } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useCreateReward } from "../api/create-reward";
import { useUpdateReward } from "../api/update-reward";
import { IconPicker } from "./icon-picker";
import { showDone } from "./show-done";

/** What the form holds: a cleared number input is "", no file chosen is null. */
export type RewardFormValues = { name: string; order: number | string; file: File | null };

const fieldsResolver = formResolver(rewardFieldsSchema);

/** The reward form: name and priority by the contract's rules; the icon is required on create only. */
export function rewardFormErrors(values: RewardFormValues, creating: boolean) {
  const errors = fieldsResolver(values);
  if (creating && !values.file) errors[rewardIconField] = translateMessage(messages.imageRequired);
  return errors;
}

type RewardFormProps = { countryId: string; reward?: Reward };

export function RewardForm({ countryId, reward }: RewardFormProps) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const create = useCreateReward();
  const update = useUpdateReward();
  const creating = reward === undefined;
  const form = useForm<RewardFormValues>({
    initialValues: { name: reward?.name ?? "", order: reward?.order ?? "", file: null },
    validate: (values) => rewardFormErrors(values, creating),
  });

  const submit = (values: RewardFormValues) => {
    const fields = { name: values.name, order: Number(values.order) };
    const handlers = {
      onSuccess: () => {
        showDone(t("catalog.reward.saved"));
        clearSelection();
        close();
      },
      onError: (error: Error) =>
        showSaveError(form, creating ? t("action.createReward") : t("action.updateReward"), error),
    };
    if (reward) update.mutate({ id: reward._id, fields, icon: values.file }, handlers);
    else create.mutate({ countryId, fields, icon: values.file }, handlers);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <TextInput label={t("catalog.reward.field.name")} withAsterisk {...form.getInputProps("name")} />
        <NumberInput
          label={t("catalog.reward.field.order")}
          withAsterisk
          allowDecimal={false}
          min={0}
          {...form.getInputProps("order")}
        />
        <IconPicker
          label={t("catalog.reward.field.icon")}
          description={creating ? t("catalog.reward.field.iconHint") : t("catalog.reward.field.iconKeep")}
          current={reward?.iconUrl ?? null}
          required={creating}
          value={form.values.file}
          onChange={(file) => form.setFieldValue("file", file)}
          error={form.errors[rewardIconField]}
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
