import { Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type PushBody, type PushConfig, pushBodySchema } from "@rewards/contract";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useSavePushConfig } from "../api/push-config";
import { FormActions } from "./form-actions";

/** The Firebase service-account key, answered masked once saved (decision 0012). */
export function PushForm({ config }: { config: PushConfig }) {
  const save = useSavePushConfig();
  const form = useForm<PushBody>({
    initialValues: { serviceAccountKey: config.serviceAccountKey },
    validate: formResolver(pushBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (body: PushBody) =>
    save.mutate(
      { id: config._id, body },
      {
        onSuccess: () => notifications.show({ color: "green", message: t("settings.saved") }),
        onError: (error) =>
          showSaveError(
            form,
            config._id ? t("action.updatePushconfig") : t("action.createPushconfig"),
            error,
          ),
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md" maw={760}>
        <Text size="sm" c="dimmed">
          {t("settings.push.hint")}
        </Text>
        {config._id && (
          <Text size="sm">
            {t("settings.push.saved", { project: config.projectId, account: config.clientEmail })}
          </Text>
        )}
        <Textarea
          label={t("settings.push.key")}
          withAsterisk
          rows={8}
          spellCheck={false}
          styles={{ input: { fontFamily: "monospace" } }}
          {...form.getInputProps("serviceAccountKey")}
        />
        <FormActions saving={save.isPending} />
      </Stack>
    </form>
  );
}
