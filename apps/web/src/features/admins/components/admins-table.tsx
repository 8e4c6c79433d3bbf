import { Table, Text } from "@mantine/core";
import type { Admin } from "@rewards/contract";
import { formatDate } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { useUpdateAdminState } from "../api/update-admin-state";
import { AdminActions } from "./admin-actions";
import { AdminStatusBadge } from "./admin-status-badge";

type AdminsTableProps = { admins: Admin[]; currentUserId: string | undefined };

export function AdminsTable({ admins, currentUserId }: AdminsTableProps) {
  const update = useUpdateAdminState();

  return (
    // Scrolls sideways inside its card on narrow screens (decision 0014).
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("admins.column.fullName")}</Table.Th>
            <Table.Th>{t("admins.column.email")}</Table.Th>
            <Table.Th>{t("admins.column.status")}</Table.Th>
            <Table.Th>{t("admins.column.joined")}</Table.Th>
            <Table.Th>{t("admins.column.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {admins.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" ta="center" py="md">
                  {t("admins.empty")}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {admins.map((admin) => (
            <Table.Tr key={admin._id}>
              <Table.Td fw={500}>{admin.fullName}</Table.Td>
              <Table.Td>{admin.username}</Table.Td>
              <Table.Td>
                <AdminStatusBadge status={admin.status} />
              </Table.Td>
              <Table.Td>{formatDate(admin.createdAt)}</Table.Td>
              <Table.Td>
                <AdminActions
                  admin={admin}
                  isSelf={admin._id === currentUserId}
                  loading={update.isPending && update.variables?.id === admin._id}
                  onChange={(status) => update.mutate({ id: admin._id, status })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
