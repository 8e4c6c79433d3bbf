import { Card, Group, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  type Giveaway,
  type GiveawaySection,
  giveawayEndpoints,
  giveawaySectionSchema,
} from "@rewards/contract";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveGiveaway } from "../api/save-giveaway";

/** The Giveaway card, saved on its own. */
export function GiveawayCard({ giveaway }: { giveaway: Giveaway }) {
  const save = useSaveGiveaway();
  const form = useForm<GiveawaySection>({
    initialValues: {
      giveawayTitle: giveaway.giveawayTitle,
      giveawayDescription: giveaway.giveawayDescription,
      giveawayStatus: giveaway.giveawayStatus,
    },
    validate: formResolver(giveawaySectionSchema),
    validateInputOnBlur: true,
  });

  const submit = (body: GiveawaySection) =>
    save.mutate(
      { id: giveaway._id, body },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("giveaway.saved") }),
        onError: (error) =>
          showSaveError(form, giveaway._id ? t("action.updateGiveaway") : t("action.createGiveaway"), error),
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>{t("giveaway.title")}</Text>
            <Switch
              label={t("giveaway.enable")}
              checked={form.values.giveawayStatus === 1}
              onChange={(event) => form.setFieldValue("giveawayStatus", event.currentTarget.checked ? 1 : 0)}
            />
          </Group>
          <TextInput
            label={t("giveaway.field.title")}
            withAsterisk
            {...form.getInputProps("giveawayTitle")}
          />
          <Textarea
            label={t("giveaway.field.description")}
            withAsterisk
            rows={3}
            {...form.getInputProps("giveawayDescription")}
          />
          <Group justify="flex-end">
            <SubmitIfCan call={giveawayEndpoints.update} loading={save.isPending}>
              {t("common.save")}
            </SubmitIfCan>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
