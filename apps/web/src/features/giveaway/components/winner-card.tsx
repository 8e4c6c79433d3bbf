import { Card, Collapse, Group, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type Giveaway, giveawayEndpoints, type WinnerSection, winnerSectionSchema } from "@rewards/contract";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveGiveaway } from "../api/save-giveaway";

/** "We Have Winners", expanded only while its switch (winnerStatus) is on. */
export function WinnerCard({ giveaway }: { giveaway: Giveaway }) {
  const save = useSaveGiveaway();
  const form = useForm<WinnerSection>({
    initialValues: {
      winnerTitle: giveaway.winnerTitle,
      winnerDescription: giveaway.winnerDescription,
      winnerStatus: giveaway.winnerStatus,
    },
    validate: formResolver(winnerSectionSchema),
    validateInputOnBlur: true,
  });
  const expanded = form.values.winnerStatus !== 0;

  const submit = (body: WinnerSection) =>
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
            <Text fw={600}>{t("giveaway.winners")}</Text>
            <Switch
              label={t("giveaway.enable")}
              aria-label={t("giveaway.winnersEnable")}
              checked={expanded}
              onChange={(event) => form.setFieldValue("winnerStatus", event.currentTarget.checked ? 1 : 0)}
            />
          </Group>
          {/* Collapsed, the fields stay mounted so a switch toggled by mistake loses nothing. */}
          <Collapse expanded={expanded} data-testid="winner-section" aria-hidden={!expanded}>
            <Stack gap="md">
              <TextInput
                label={t("giveaway.field.winnerTitle")}
                withAsterisk
                {...form.getInputProps("winnerTitle")}
              />
              <Textarea
                label={t("giveaway.field.winnerDescription")}
                withAsterisk
                rows={3}
                {...form.getInputProps("winnerDescription")}
              />
            </Stack>
          </Collapse>
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
