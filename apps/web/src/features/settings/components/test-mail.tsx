import { Alert, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type MailTestBody, mailTestBodySchema } from "@rewards/contract";
import { formResolver } from "../../../lib/form";
import { t, translateMessage } from "../../../lib/i18n";
import { errorColor } from "../../../theme";
import { useSendTestMail } from "../api/send-test-mail";

/** Sends a real message through the SAVED config and says what Mailgun answered. */
export function TestMail({ saved, defaultTo }: { saved: boolean; defaultTo: string }) {
  const send = useSendTestMail();
  const form = useForm<MailTestBody>({
    initialValues: { to: defaultTo },
    validate: formResolver(mailTestBodySchema),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((body) => send.mutate(body))}>
      <Stack gap="sm">
        <Text fw={600}>{t("settings.mail.testTitle")}</Text>
        <Text size="sm" c="dimmed">
          {saved ? t("settings.mail.testHint") : t("settings.mail.testSaveFirst")}
        </Text>
        <Group align="flex-end" gap="sm">
          <TextInput label={t("settings.mail.testTo")} style={{ flex: 1 }} {...form.getInputProps("to")} />
          <Button type="submit" variant="light" disabled={!saved} loading={send.isPending}>
            {t("settings.mail.testSend")}
          </Button>
        </Group>
        {send.isSuccess && <Alert color="green">{translateMessage(send.data.message)}</Alert>}
        {send.isError && (
          <Alert color={errorColor} title={t("action.sendTestMail")}>
            {send.error.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
