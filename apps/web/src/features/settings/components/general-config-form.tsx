import { NumberInput, Select, SimpleGrid, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type GeneralConfig, type GeneralConfigBody, generalConfigBodySchema } from "@rewards/contract";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { languageOptions } from "../../../lib/language-names";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveGeneralConfig } from "../api/general-config";
import { FormActions } from "./form-actions";

const fields = ["refPercent", "ratio", "fbLike", "fbShare", "twShare"] as const;

/** Every IANA zone the browser knows, UTC first; the saved zone stays choosable even if the browser lacks it. */
function timeZoneChoices(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", saved, ...known])];
}

/** The General Config tab; a first load shows the defaults (decision 0015), which the server answers. */
export function GeneralConfigForm({ config }: { config: GeneralConfig }) {
  const save = useSaveGeneralConfig();
  const form = useForm<GeneralConfigBody>({
    initialValues: {
      refPercent: config.refPercent,
      ratio: config.ratio,
      fbLike: config.fbLike,
      fbShare: config.fbShare,
      twShare: config.twShare,
      blockVpnSignups: config.blockVpnSignups,
      timeZone: config.timeZone,
      language: config.language,
    },
    validate: formResolver(generalConfigBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (body: GeneralConfigBody) =>
    save.mutate(
      { id: config._id, body },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("settings.saved") }),
        onError: (error) =>
          showSaveError(
            form,
            config._id ? t("action.updateSettingconfig") : t("action.createSettingconfig"),
            error,
          ),
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md" maw={640}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((name) => (
            <NumberInput
              key={name}
              label={t(`settings.general.${name}`)}
              description={t(`settings.general.${name}.hint`)}
              withAsterisk
              allowDecimal={false}
              {...form.getInputProps(name)}
            />
          ))}
        </SimpleGrid>
        <Switch
          label={t("settings.general.blockVpnSignups")}
          description={t("settings.general.blockVpnSignups.hint")}
          {...form.getInputProps("blockVpnSignups", { type: "checkbox" })}
        />
        <Select
          label={t("settings.general.timeZone")}
          description={t("settings.general.timeZone.hint")}
          searchable
          allowDeselect={false}
          maw={360}
          data={timeZoneChoices(config.timeZone)}
          {...form.getInputProps("timeZone")}
        />
        <Select
          label={t("settings.general.language")}
          description={t("settings.general.language.hint")}
          allowDeselect={false}
          maw={360}
          data={languageOptions}
          {...form.getInputProps("language")}
        />
        <FormActions saving={save.isPending} />
      </Stack>
    </form>
  );
}
