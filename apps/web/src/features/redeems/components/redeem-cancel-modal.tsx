import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type RedeemDetails, redeemEndpoints, redeemStatus } from "@rewards/contract";
import { useParams } from "react-router";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCancelRedeem } from "../api/cancel-redeem";
import { useRedeemDetails } from "../api/get-redeem-details";
import { redeemStatusLabel } from "./redeem-status";

function CancelConfirm({ redeem }: { redeem: RedeemDetails }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const cancel = useCancelRedeem();
  const pending = redeem.status === redeemStatus.pending;

  const submit = () =>
    cancel.mutate(redeem._id, {
      onSuccess: () => {
        notifications.show({
          color: "green",
          message: t("redeems.cancel.done", { points: redeem.rewardCost, user: redeem.userEmail }),
        });
        clearSelection();
        close();
      },
      onError: (error) => showError(t("action.cancelRedeem"), error),
    });

  return (
    <Stack gap="md">
      {pending ? (
        <Text size="sm">
          {t("redeems.cancel.text", {
            reward: `${redeem.rewardName} ${redeem.rewardAmount}`,
            receiver: redeem.redeemEmail,
            points: redeem.rewardCost,
            user: redeem.userEmail,
          })}
        </Text>
      ) : (
        <Alert color="yellow">
          {t("redeems.cancel.notPending", { status: redeemStatusLabel(redeem.status) })}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t("common.close")}
        </Button>
        <SubmitIfCan
          call={redeemEndpoints.cancel}
          type="button"
          color="red"
          onClick={submit}
          loading={cancel.isPending}
          disabled={!pending}
        >
          {t("redeems.cancel.title")}
        </SubmitIfCan>
      </Group>
    </Stack>
  );
}

/** /dash/redeems/{_id}/cancel: Pending → Rejected, the points go back to the user (decision 0004). */
export function RedeemCancelModal({ id }: { id: string }) {
  const redeem = useRedeemDetails(id);
  useErrorNotification(t("action.findRedeem"), redeem.error);
  return (
    <RouteModal title={t("redeems.cancel.title")} size="md">
      {redeem.isPending && <LoadingBlock />}
      {redeem.isError && <LoadError action={t("action.findRedeem")} error={redeem.error} />}
      {redeem.data && <CancelConfirm redeem={redeem.data} />}
    </RouteModal>
  );
}

/** The cancel route: the redeem's id comes from the URL. */
export function RedeemCancelRoute() {
  const { id = "" } = useParams();
  return <RedeemCancelModal key={id} id={id} />;
}
