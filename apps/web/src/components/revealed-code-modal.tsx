import { Alert, Modal, Stack, Text } from "@mantine/core";
import { screenText } from "../lib/screen-texts";
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
    copyLabel: screenText("payouts.reveal.copy"),
    copiedLabel: screenText("payouts.reveal.copied"),
  };
  return (
    <Modal opened={opened} onClose={onClose} title={screenText("payouts.reveal.title")} centered>
      {pending && <LoadingBlock />}
      {error && (
        <Alert color={errorColor} title={screenText("payouts.reveal.failed")}>
          {error.message}
        </Alert>
      )}
      {revealed && (
        <Stack gap="sm">
          <Text size="sm" fw={500}>
            {screenText("payouts.reveal.code")}
          </Text>
          <CopyableCode value={revealed.code} {...copy} testId="revealed-code" />
          <Text size="sm" fw={500}>
            {screenText("payouts.reveal.pin")}
          </Text>
          {revealed.pin ? (
            <CopyableCode value={revealed.pin} {...copy} testId="revealed-pin" />
          ) : (
            <Text size="sm" c="dimmed">
              {screenText("payouts.reveal.noPin")}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {screenText("payouts.reveal.audited")}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
