import { Alert, Modal, Stack, Text } from "@mantine/core";
import { t } from "../lib/i18n";
import { errorColor } from "../theme";
import { CopyableCode } from "./copyable-code";
import { LoadingBlock } from "./loading-block";

/**
 * A gift-card code and its PIN shown in clear after an explicit reveal (the server records it). Open
 * while `opened`; shows the wait, the failure or the code.
 */
export function RevealedCodeModal({
  opened,
  onClose,
  revealed,
  pending,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  revealed: { code: string; pin: string | null } | undefined;
  pending: boolean;
  error: Error | null;
}) {
  const copy = {
    copyLabel: t("payouts.reveal.copy"),
    copiedLabel: t("payouts.reveal.copied"),
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("payouts.reveal.title")} centered>
      {pending && <LoadingBlock />}
      {error && (
        <Alert color={errorColor} title={t("payouts.reveal.failed")}>
          {error.message}
        </Alert>
      )}
      {revealed && (
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {t("payouts.reveal.code")}
          </Text>
          <CopyableCode value={revealed.code} {...copy} testId="revealed-code" />
          <Text size="sm" fw={500}>
            {t("payouts.reveal.pin")}
          </Text>
          {revealed.pin ? (
            <CopyableCode value={revealed.pin} {...copy} testId="revealed-pin" />
          ) : (
            <Text size="sm" c="dimmed">
              {t("payouts.reveal.noPin")}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t("payouts.reveal.audited")}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
