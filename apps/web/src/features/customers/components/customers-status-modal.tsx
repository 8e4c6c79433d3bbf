import { Button, Group, NativeSelect, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type Customer, type CustomersStateBody, userStatus } from "@rewards/contract";
import { useState } from "react";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { t } from "../../../lib/i18n";
import { useUpdateCustomersStatus } from "../api/update-customers-status";

function StatusForm() {
  const { selected: selectedNow, clearSelection } = useListOutlet<Customer>();
  // What was selected when the dialog opened; the list's selection is cleared on success.
  const [selected] = useState(selectedNow);
  const close = useCloseRouteModal();
  const update = useUpdateCustomersStatus();
  // SPEC 4: Banned (2) or Active (3), Banned by default.
  const [status, setStatus] = useState<CustomersStateBody["status"]>(userStatus.banned);

  const submit = () =>
    update.mutate(
      { ids: selected.map((customer) => customer._id), status },
      {
        onSuccess: ({ updated }) => {
          notifications.show({
            color: "green",
            message: t("customers.updateStatus.done", { count: updated }),
          });
          clearSelection();
          close();
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm">{t("customers.updateStatus.text", { count: selected.length })}</Text>
      <NativeSelect
        label={t("list.status")}
        value={String(status)}
        onChange={(event) => setStatus(Number(event.currentTarget.value) as CustomersStateBody["status"])}
        data={[
          { value: String(userStatus.banned), label: t("customers.status.banned") },
          { value: String(userStatus.active), label: t("customers.status.active") },
        ]}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={close}>
          {t("common.cancel")}
        </Button>
        <Button onClick={submit} loading={update.isPending}>
          {t("list.updateStatus")}
        </Button>
      </Group>
    </Stack>
  );
}

/** Bulk status change of the selected users (SPEC 2.5 /dash/customers/updateStatus). */
export function CustomersStatusModal() {
  return (
    <RequireSelection>
      <RouteModal title={t("customers.updateStatus.title")} size="md">
        <StatusForm />
      </RouteModal>
    </RequireSelection>
  );
}
