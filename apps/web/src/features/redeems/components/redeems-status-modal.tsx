import { Alert, Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type Redeem, type RedeemsStateBody, redeemEndpoints, redeemStatus } from "@rewards/contract";
import { useState } from "react";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { t } from "../../../lib/i18n";
import { errorColor } from "../../../theme";
import { useChangeRedeemsStatus } from "../api/change-redeems-status";
import { settableRedeemStatusOptions } from "./redeem-status";

function StatusForm() {
  const { selected: selectedNow, clearSelection } = useListOutlet<Redeem>();
  // What was selected when the dialog opened; the list's selection is cleared on success.
  const [selected] = useState(selectedNow);
  const close = useCloseRouteModal();
  const update = useChangeRedeemsStatus();
  // The three statuses set by hand (never Processing), Rejected (2) by default (docs/features/redeems.md).
  const [status, setStatus] = useState<RedeemsStateBody["status"]>(redeemStatus.rejected);

  const submit = () =>
    update.mutate(
      { ids: selected.map((redeem) => redeem._id), status },
      {
        onSuccess: ({ updated }) => {
          notifications.show({ color: "green", message: t("redeems.updateStatus.done", { count: updated }) });
          clearSelection();
          close();
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm">{t("redeems.updateStatus.text", { count: selected.length })}</Text>
      <NativeSelect
        label={t("list.status")}
        value={String(status)}
        onChange={(event) => {
          update.reset();
          setStatus(Number(event.currentTarget.value) as RedeemsStateBody["status"]);
        }}
        data={settableRedeemStatusOptions()}
      />
      <Text size="xs" c="dimmed">
        {t("redeems.updateStatus.hint")}
      </Text>
      {/* A 409 says which user cannot pay again; nothing changed, so the dialog stays open. */}
      {update.error && (
        <Alert color={errorColor} title={t("action.updateRedeemsStatus")}>
          {update.error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t("common.cancel")}
        </Button>
        <SubmitIfCan
          call={redeemEndpoints.changeStatus}
          type="button"
          onClick={submit}
          loading={update.isPending}
        >
          {t("list.updateStatus")}
        </SubmitIfCan>
      </Group>
    </Stack>
  );
}

/** Bulk status change of the selected redeems (/dash/redeems/updateStatus). */
export function RedeemsStatusModal() {
  return (
    <RequireSelection>
      <RouteModal title={t("redeems.updateStatus.title")} size="md">
        <StatusForm />
      </RouteModal>
    </RequireSelection>
  );
}
