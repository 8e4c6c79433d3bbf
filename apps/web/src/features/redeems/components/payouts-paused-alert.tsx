import { Alert, Anchor, Text } from "@mantine/core";
import { messages } from "@rewards/contract";
import { Link } from "react-router";
import { t, translateMessage } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

/**
 * "Payouts are paused", with the way to the Payouts page. The screen reads the rules (usePayoutSettings,
 * after its own data's hook, so its own call goes first); unknown rules (loading, a failed read) show
 * nothing: the pay call itself refuses while paused.
 */
export function PayoutsPausedAlert({ paused }: { paused: boolean | undefined }) {
  if (paused !== true) return null;
  return (
    <Alert color="yellow" title={t("redeems.payoutsPaused")} mb="md" data-testid="payouts-paused">
      <Text size="sm">
        {translateMessage(messages.payoutsPaused)}{" "}
        <Anchor component={Link} to={paths.payouts.settings} size="sm">
          {t("redeems.payoutsPaused.link")}
        </Anchor>
      </Text>
    </Alert>
  );
}
