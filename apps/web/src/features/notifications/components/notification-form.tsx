import { Card, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type NotificationBody, notificationBodySchema, notificationEndpoints } from "@rewards/contract";
import { IconCheck, IconSend } from "@tabler/icons-react";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useSendNotification } from "../api/send-notification";

/** The button reads "Send to All Devices", then "Sent" until the text changes. */
export function NotificationForm() {
  const send = useSendNotification();
  const form = useForm<NotificationBody>({
    initialValues: { title: "", body: "" },
    validate: formResolver(notificationBodySchema),
    validateInputOnBlur: true,
    onValuesChange: () => {
      if (send.isSuccess) send.reset();
    },
  });

  const submit = (body: NotificationBody) =>
    send.mutate(body, { onError: (error) => showSaveError(form, t("action.createNotification"), error) });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Text fw={600}>{t("notification.title")}</Text>
          <TextInput label={t("notification.field.title")} withAsterisk {...form.getInputProps("title")} />
          <Textarea
            label={t("notification.field.body")}
            withAsterisk
            rows={3}
            {...form.getInputProps("body")}
          />
          <Group justify="flex-end">
            <SubmitIfCan
              call={notificationEndpoints.send}
              loading={send.isPending}
              color={send.isSuccess ? "green" : undefined}
              leftSection={send.isSuccess ? <IconCheck size={16} /> : <IconSend size={16} />}
            >
              {send.isSuccess ? t("notification.sent") : t("notification.send")}
            </SubmitIfCan>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
