import { Alert, Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  actionErrors,
  messages,
  type PayRedeemBody,
  payRedeemBodySchema,
  type RedeemDetails,
  redeemStatus,
} from "@rewards/contract";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { showSaveError } from "../../../lib/save-errors";
import { usePayRedeem } from "../api/pay-redeem";
import { useBackToList } from "./send-page-link";

// tiptap is large: it comes in its own chunk, after the form is already on screen.
const RichTextBody = lazy(() =>
  import("./rich-text-body").then((module) => ({ default: module.RichTextBody })),
);

function initialValues(redeem: RedeemDetails): PayRedeemBody {
  return {
    code: redeem.code ?? "",
    rewardName: redeem.rewardName,
    redeemEmail: redeem.redeemEmail,
    subject: redeem.subject ?? t("redeems.send.defaultSubject", { reward: redeem.rewardName }),
    text: redeem.text ?? `<p>${t("redeems.send.defaultText")}</p>`,
  };
}

/** Without a Mailgun config nothing can be sent: say where to set one up. */
function MailNotConfigured() {
  return (
    <Alert color="yellow" title={messages.mailNotConfigured}>
      <Text size="sm">
        {t("redeems.send.mailHint")}{" "}
        <Anchor component={Link} to={paths.setting} size="sm">
          {t("redeems.send.mailLink")}
        </Anchor>
      </Text>
    </Alert>
  );
}

/** The Send Redeem form: the gift card code and the e-mail that carries it. */
export function SendRedeemForm({ redeem }: { redeem: RedeemDetails }) {
  const navigate = useNavigate();
  const back = useBackToList();
  const pay = usePayRedeem();
  const [mailMissing, setMailMissing] = useState(false);
  const sent = redeem.status === redeemStatus.sent;
  const form = useForm<PayRedeemBody>({
    initialValues: initialValues(redeem),
    validate: formResolver(payRedeemBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (body: PayRedeemBody) =>
    pay.mutate(
      { id: redeem._id, body },
      {
        onSuccess: (paid) => {
          notifications.show({
            color: "green",
            message: t("redeems.send.done", { receiver: paid.redeemEmail }),
          });
          void navigate(back);
        },
        onError: (error) => {
          const notConfigured = error instanceof ApiError && error.message === messages.mailNotConfigured;
          setMailMissing(notConfigured);
          showSaveError(form, actionErrors.updateRedeem, error);
        },
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        {sent && (
          <Alert color="blue" title={t("redeems.send.alreadySentTitle")}>
            {t("redeems.send.alreadySent")}
          </Alert>
        )}
        {mailMissing && <MailNotConfigured />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t("redeems.send.code")} withAsterisk {...form.getInputProps("code")} />
          <TextInput
            label={t("redeems.send.rewardName")}
            withAsterisk
            {...form.getInputProps("rewardName")}
          />
          <TextInput
            label={t("redeems.send.extraInfo")}
            value={redeem.rewardExtraInfo ?? ""}
            placeholder={t("common.none")}
            readOnly
            variant="filled"
          />
          <TextInput
            label={t("redeems.send.receiver")}
            type="email"
            withAsterisk
            {...form.getInputProps("redeemEmail")}
          />
        </SimpleGrid>
        <TextInput label={t("redeems.send.subject")} withAsterisk {...form.getInputProps("subject")} />
        <Suspense fallback={<Skeleton height={240} radius="md" />}>
          <RichTextBody
            label={t("redeems.send.text")}
            initialValue={form.values.text ?? ""}
            onChange={(html) => form.setFieldValue("text", html)}
            disabled={sent}
            error={typeof form.errors.text === "string" ? form.errors.text : undefined}
          />
        </Suspense>
        <Text size="xs" c="dimmed">
          {t("redeems.send.textHint")}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={back}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={pay.isPending} disabled={sent}>
            {t("redeems.send.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
