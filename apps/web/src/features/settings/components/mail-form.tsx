import { Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type MailBody, type MailConfig, mailBodySchema } from "@rewards/contract";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveMailConfig } from "../api/mail-config";
import { FormActions } from "./form-actions";
import { TestMail } from "./test-mail";

const fields = ["mailgunDomain", "apiKey", "fromEmail", "supportEmail"] as const;

/**
 * The Mailgun tab. The API key comes back masked; sent back unchanged, the server keeps the saved one
 * (decision 0010).
 */
export function MailForm({ config }: { config: MailConfig }) {
  const save = useSaveMailConfig();
  const form = useForm<MailBody>({
    initialValues: Object.fromEntries(fields.map((name) => [name, config[name]])) as MailBody,
    validate: formResolver(mailBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (body: MailBody) =>
    save.mutate(
      { id: config._id, body },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("settings.saved") }),
        onError: (error) =>
          showSaveError(
            form,
            config._id ? t("action.updateMailconfig") : t("action.createMailconfig"),
            error,
          ),
      },
    );

  return (
    <Stack gap="xl" maw={640}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          {fields.map((name) => (
            <TextInput
              key={name}
              label={t(`settings.mail.${name}`)}
              withAsterisk
              {...form.getInputProps(name)}
            />
          ))}
          <FormActions saving={save.isPending} />
        </Stack>
      </form>
      <TestMail saved={Boolean(config._id)} defaultTo={config.supportEmail} />
    </Stack>
  );
}
