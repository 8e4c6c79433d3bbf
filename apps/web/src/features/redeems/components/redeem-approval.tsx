import { Badge, Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type RedeemDetails, redeemEndpoints, redeemStatus } from "@rewards/contract";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { useCanCall } from "../../../lib/permissions";
import { showError } from "../../../lib/show-error";
import { useApproveRedeem } from "../api/approve-redeem";

/** Whether the details show an approval part: the redeem needs one, or has one. */
export const showsApproval = (redeem: RedeemDetails) => redeem.needsApproval || redeem.approval !== null;

/**
 * A redeem above the app's approval amount: who approved it and when, or "Needs approval" with the
 * Approve button (redeems.manage) while it is not Sent. The member who approves cannot pay it.
 */
export function RedeemApproval({ redeem }: { redeem: RedeemDetails }) {
  const canApprove = useCanCall(redeemEndpoints.approve);
  const approve = useApproveRedeem();
  if (redeem.approval) {
    return (
      <Text size="sm" data-testid="redeem-approval">
        {t("redeems.approval.by", {
          name: redeem.approval.by.fullName,
          time: formatDateTime(redeem.approval.at),
        })}
      </Text>
    );
  }
  if (!redeem.needsApproval) return null;
  const approvable = canApprove && redeem.status !== redeemStatus.sent;
  return (
    <Group gap="sm" data-testid="redeem-approval">
      <Badge color="orange" variant="light">
        {t("redeems.approval.needed")}
      </Badge>
      {approvable && (
        <Button
          size="compact-sm"
          loading={approve.isPending}
          onClick={() =>
            approve.mutate(redeem._id, {
              onSuccess: () => notifications.show({ color: "green", message: t("redeems.approval.done") }),
              onError: (error) => showError(t("redeems.approval.failed"), error),
            })
          }
        >
          {t("redeems.approval.approve")}
        </Button>
      )}
    </Group>
  );
}
