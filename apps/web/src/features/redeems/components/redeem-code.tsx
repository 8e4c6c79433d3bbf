import { Button, Code, Group } from "@mantine/core";
import { redeemEndpoints } from "@rewards/contract";
import { useState } from "react";
import { RevealedCodeModal } from "../../../components/revealed-code-modal";
import { t } from "../../../lib/i18n";
import { useCanCall } from "../../../lib/permissions";
import { useRevealRedeemCode } from "../api/reveal-redeem-code";

/** The sent gift card, masked; owners and admins may reveal it (code and PIN, recorded by the server). */
export function RedeemCode({ redeemId, masked }: { redeemId: string; masked: string }) {
  const canReveal = useCanCall(redeemEndpoints.revealCode);
  const reveal = useRevealRedeemCode();
  const [opened, setOpened] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap">
      <Code data-testid="redeem-code">{masked}</Code>
      {canReveal && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => {
            setOpened(true);
            reveal.mutate(redeemId);
          }}
        >
          {t("payouts.reveal")}
        </Button>
      )}
      <RevealedCodeModal
        opened={opened}
        onClose={() => {
          setOpened(false);
          reveal.reset();
        }}
        revealed={reveal.data}
        pending={reveal.isPending}
        error={reveal.error}
      />
    </Group>
  );
}
