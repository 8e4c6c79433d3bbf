import { Alert, Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  type Fulfilment,
  messages,
  type PayRedeemBody,
  payRedeemBodySchema,
  type RedeemDetails,
  redeemStatus,
} from "@rewards/contract";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { formResolver } from "../../../lib/form";
import { t, translateMessage } from "../../../lib/i18n";
import { languageNames } from "../../../lib/language-names";
import { paths } from "../../../lib/paths";
import { showSaveError } from "../../../lib/save-errors";
import { errorColor } from "../../../theme";
import { usePayRedeem } from "../api/pay-redeem";
import { useBackToList } from "./send-page-link";

// tiptap is large: it comes in its own chunk, after the form is already on screen.
const RichTextBody = lazy(() =>
  import("../../../components/rich-text-body").then((module) => ({ default: module.RichTextBody })),
);

function initialValues(redeem: RedeemDetails): PayRedeemBody {
  return {
    // The redeem's answer holds the sent code masked: never a value to send again.
    code: "",
    rewardName: redeem.rewardName,
    redeemEmail: redeem.redeemEmail,
    // A redeem not sent yet starts from the app's gift-card e-mail, in its user's language.
    subject: redeem.subject ?? redeem.mailDraft.subject,
    text: redeem.text ?? redeem.mailDraft.text,
  };
}

/** Which language the e-mail is written in, and why: the user's own, else the app's default. */
function MailLanguage({ redeem }: { redeem: RedeemDetails }) {
  const language = languageNames[redeem.mailDraft.language];
  return (
    <Text size="xs" c="dimmed" data-testid="mail-language">
      {redeem.user.language
        ? t("redeems.send.languageUser", { language })
        : t("redeems.send.languageDefault", { language })}
    </Text>
  );
}

/** Without a Mailgun config nothing can be sent: say where to set one up. */
function MailNotConfigured() {
  return (
    <Alert color="yellow" title={translateMessage(messages.mailNotConfigured)}>
      <Text size="sm">
        {t("redeems.send.mailHint")}{" "}
        <Anchor component={Link} to={paths.setting} size="sm">
          {t("redeems.send.mailLink")}
        </Anchor>
      </Text>
    </Alert>
  );
}

type ApprovalBlock = "needsApproval" | "approvedByMe" | null;

/**
 * Why this member cannot pay the redeem yet, when the app asks for approvals: it has none (another member
 * approves it from its details), or this member approved it (another member must pay it).
 */
function approvalBlock(redeem: RedeemDetails, memberId: string | undefined): ApprovalBlock {
  if (redeem.status === redeemStatus.sent) return null;
  if (redeem.needsApproval && !redeem.approval) return "needsApproval";
  if (redeem.approval && redeem.approval.by._id === memberId) return "approvedByMe";
  return null;
}

function ApprovalAlert({ block, redeemId }: { block: ApprovalBlock; redeemId: string }) {
  if (block === "approvedByMe") {
    return (
      <Alert color="yellow" data-testid="pay-blocked">
        {translateMessage(messages.approverCannotPay)}
      </Alert>
    );
  }
  if (block !== "needsApproval") return null;
  return (
    <Alert color="yellow" title={t("redeems.approval.needed")} data-testid="pay-blocked">
      <Text size="sm">
        {t("redeems.send.needsApproval")}{" "}
        <Anchor component={Link} to={paths.redeems.details(redeemId)} size="sm">
          {t("redeems.send.openDetails")}
        </Anchor>
      </Text>
    </Alert>
  );
}

const resolver = formResolver(payRedeemBodySchema);

/** The contract's rules, and a manual item's code required (the server's own message). */
function validator(fulfilment: Fulfilment) {
  return (values: PayRedeemBody) => {
    const errors = resolver(values);
    if (fulfilment === "manual" && !values.code?.trim() && !errors.code) {
      return { ...errors, code: translateMessage(messages.giftCardCodeRequired) };
    }
    return errors;
  };
}

/** What goes to the server: an item paid from stock or by the provider sends no code; nor does an empty code. */
function bodyFor(values: PayRedeemBody, fulfilment: Fulfilment): PayRedeemBody {
  const { code, ...rest } = values;
  if (fulfilment !== "manual" || !code?.trim()) return rest;
  return { ...rest, code };
}

/**
 * The Send Redeem form: the gift card code and the e-mail that carries it. An item paid from its code
 * stock (the redeem's `fulfilment`) has no code field: the server takes the next code; nor has a provider
 * item, ordered from Tremendous: the redeem is Processing until the order is delivered, so the details
 * open after paying, showing the payout.
 */
export function SendRedeemForm({ redeem }: { redeem: RedeemDetails }) {
  const { fulfilment } = redeem;
  const navigate = useNavigate();
  const back = useBackToList();
  const pay = usePayRedeem();
  const [mailMissing, setMailMissing] = useState(false);
  // A 409 (paused, out of stock, approval missing, paid meanwhile): the server's message, on the form.
  const [conflict, setConflict] = useState<string | null>(null);
  const memberId = useAuthStore((state) => state.user?._id);
  const sent = redeem.status === redeemStatus.sent;
  const underWay = redeem.status === redeemStatus.processing;
  const byProvider = fulfilment === "provider";
  const block = approvalBlock(redeem, memberId);
  const form = useForm<PayRedeemBody>({
    initialValues: initialValues(redeem),
    validate: validator(fulfilment),
    validateInputOnBlur: true,
  });

  const submit = (values: PayRedeemBody) =>
    pay.mutate(
      { id: redeem._id, body: bodyFor(values, fulfilment) },
      {
        onSuccess: (paid) => {
          notifications.show({
            color: "green",
            message: byProvider
              ? t("payoutState.ordered", { receiver: paid.redeemEmail })
              : t("redeems.send.done", { receiver: paid.redeemEmail }),
          });
          void navigate(
            byProvider ? { pathname: paths.redeems.details(paid._id), search: back.search } : back,
          );
        },
        onError: (error) => {
          const notConfigured = error instanceof ApiError && error.code === "mailNotConfigured";
          setMailMissing(notConfigured);
          const isConflict = error instanceof ApiError && error.status === 409;
          setConflict(isConflict ? error.message : null);
          if (!isConflict) showSaveError(form, t("action.updateRedeem"), error);
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
        {underWay && (
          <Alert color="blue" title={t("payoutState.underWay")} data-testid="payout-under-way">
            {t("payoutState.underWayText")}
          </Alert>
        )}
        {mailMissing && <MailNotConfigured />}
        {conflict && (
          <Alert color={errorColor} title={t("action.updateRedeem")} data-testid="pay-error">
            {conflict}
          </Alert>
        )}
        <ApprovalAlert block={block} redeemId={redeem._id} />
        {fulfilment === "inventory" && (
          <Alert color="blue" data-testid="code-from-stock">
            {t("redeems.send.fromStock")}
          </Alert>
        )}
        {byProvider && (
          <Alert color="blue" data-testid="code-from-provider">
            {t("payoutState.fromProvider")}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {fulfilment === "manual" && (
            <TextInput
              label={t("redeems.send.code")}
              withAsterisk
              description={redeem.code ? t("redeems.send.sentCode", { code: redeem.code }) : undefined}
              {...form.getInputProps("code")}
            />
          )}
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
        <MailLanguage redeem={redeem} />
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
          <Button type="submit" loading={pay.isPending} disabled={sent || underWay || block !== null}>
            {byProvider ? t("payoutState.orderFromProvider") : t("redeems.send.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
