import { Button, Group, Stack, Table } from "@mantine/core";
import type { Customer } from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { UserStatusBadge } from "../../../components/status-badges";
import { t } from "../../../lib/i18n";

function SelectedCustomers() {
  const { selected } = useListOutlet<Customer>();
  const close = useCloseRouteModal();
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={420}>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("customers.column.email")}</Table.Th>
              <Table.Th>{t("customers.column.shareKey")}</Table.Th>
              <Table.Th>{t("customers.column.status")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {selected.map((customer) => (
              <Table.Tr key={customer._id}>
                <Table.Td>{customer.username}</Table.Td>
                <Table.Td>{customer.referCode}</Table.Td>
                <Table.Td>
                  <UserStatusBadge isActive={customer.isActive} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t("common.close")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The selected rows, listed (SPEC 2.5 /dash/customers/fetch). */
export function CustomersFetchModal() {
  return (
    <RequireSelection>
      <RouteModal title={t("customers.fetch.title")}>
        <SelectedCustomers />
      </RouteModal>
    </RequireSelection>
  );
}
