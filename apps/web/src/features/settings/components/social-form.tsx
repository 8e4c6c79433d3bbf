import { Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type SocialBody, type SocialConfig, type SocialName, socialFormSchemas } from "@rewards/contract";
import { formResolver } from "../../../lib/form";
import { type I18nKey, t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveSocialConfig } from "../api/social-config";
import { FormActions } from "./form-actions";

type SocialValues = {
  name: SocialName;
  appId: string;
  appSecret: string;
  appPage: string;
  shareText: string;
};

/** Which fields each login shows: Google has no page, Twitter no app keys. */
const shownFields: Record<SocialName, (keyof Omit<SocialValues, "name">)[]> = {
  facebook: ["appId", "appSecret", "appPage", "shareText"],
  google: ["appId", "appSecret"],
  twitter: ["appPage", "shareText"],
};

export function SocialForm({ config }: { config: SocialConfig }) {
  const save = useSaveSocialConfig();
  const form = useForm<SocialValues>({
    initialValues: {
      name: config.name,
      appId: config.appId,
      appSecret: config.appSecret,
      appPage: config.appPage,
      shareText: config.shareText,
    },
    validate: formResolver(socialFormSchemas[config.name]),
    validateInputOnBlur: true,
  });

  const submit = (values: SocialValues) =>
    save.mutate(
      { id: config._id, body: values as SocialBody },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("settings.saved") }),
        onError: (error) =>
          showSaveError(
            form,
            config._id ? t("action.updateSocialconfig") : t("action.createSocialconfig"),
            error,
          ),
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md" maw={640}>
        {shownFields[config.name].map((field) => {
          const label = t(`settings.social.${config.name}.${field}` as I18nKey);
          return field === "shareText" ? (
            <Textarea key={field} label={label} withAsterisk rows={2} {...form.getInputProps(field)} />
          ) : (
            <TextInput key={field} label={label} withAsterisk {...form.getInputProps(field)} />
          );
        })}
        <FormActions saving={save.isPending} />
      </Stack>
    </form>
  );
}
