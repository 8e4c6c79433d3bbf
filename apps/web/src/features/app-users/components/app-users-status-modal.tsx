import { Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type AppUser, type AppUsersStateBody, appUserEndpoints, userStatus } from "@rewards/contract";
import { useState } from "react";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { t } from "../../../lib/i18n";
import { useChangeAppUsersStatus } from "../api/change-app-users-status";

function StatusForm() {
  const { selected: selectedNow, clearSelection } = useListOutlet<AppUser>();
  // What was selected when the dialog opened; the list's selection is cleared on success.
  const [selected] = useState(selectedNow);
  const close = useCloseRouteModal();
  const update = useChangeAppUsersStatus();
  // Banned (2) or Active (3) on the wire (decision 0007), Banned by default.
  const [status, setStatus] = useState<AppUsersStateBody["status"]>(userStatus.banned);

  const submit = () =>
    update.mutate(
      { ids: selected.map((appUser) => appUser._id), status },
      {
        onSuccess: ({ updated }) => {
          notifications.show({
            color: "green",
            message: t("appUsers.updateStatus.done", { count: updated }),
          });
          clearSelection();
          close();
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm">{t("appUsers.updateStatus.text", { count: selected.length })}</Text>
      <NativeSelect
        label={t("list.status")}
        value={String(status)}
        onChange={(event) => setStatus(Number(event.currentTarget.value) as AppUsersStateBody["status"])}
        data={[
          { value: String(userStatus.banned), label: t("appUsers.status.banned") },
          { value: String(userStatus.active), label: t("appUsers.status.active") },
        ]}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t("common.cancel")}
        </Button>
        <SubmitIfCan
          call={appUserEndpoints.changeStatus}
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

/** Bulk status change of the selected users (/dash/customers/updateStatus). */
export function AppUsersStatusModal() {
  return (
    <RequireSelection>
      <RouteModal title={t("appUsers.updateStatus.title")} size="md">
        <StatusForm />
      </RouteModal>
    </RequireSelection>
  );
}
