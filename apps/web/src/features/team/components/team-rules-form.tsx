import { Button, Group, NumberInput, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { maxPointsBalance, type TeamSettings, teamSettingsSchema } from "@rewards/contract";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { useSaveTeamSettings } from "../api/team";

/** A cleared number input holds "": the schema then asks for a value. */
type FormValues = Omit<TeamSettings, "supportAdjustmentLimit"> & { supportAdjustmentLimit: number | string };

const toBody = (values: FormValues): TeamSettings => ({
  ...values,
  supportAdjustmentLimit:
    values.supportAdjustmentLimit === "" ? Number.NaN : Number(values.supportAdjustmentLimit),
});
const validateBody = formResolver(teamSettingsSchema);

/** The owner's rules for the team: two-factor sign-in for every member, the support agents' 24-hour limit. */
export function TeamRulesForm({ settings }: { settings: TeamSettings }) {
  const save = useSaveTeamSettings();
  const form = useForm<FormValues, TeamSettings>({
    initialValues: settings,
    validate: (values) => validateBody(toBody(values)),
    transformValues: toBody,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notifications.show({ color: "green", message: t("team.rules.saved") }),
      onError: (error) => {
        // A 400 names its fields: those go onto the form, anything else into a notification.
        const fieldErrors = fieldErrorsOf(error);
        if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
        else showError(t("team.error.save"), error);
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={t("team.rules.title")}>
      <Stack gap="md">
        <Switch
          label={t("team.rules.requireMfa")}
          {...form.getInputProps("requireMfa", { type: "checkbox" })}
        />
        <NumberInput
          label={t("team.rules.limit")}
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={maxPointsBalance}
          maw={320}
          {...form.getInputProps("supportAdjustmentLimit")}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
