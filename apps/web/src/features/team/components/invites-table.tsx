import { Button, Table, Text } from "@mantine/core";
import type { TeamInvite } from "@rewards/contract";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { useWithdrawInvite } from "../api/team";
import { roleLabel } from "./role-label";

/** The pending invitations, each withdrawn with one click (the link stops working at once). */
export function InvitesTable({ invites }: { invites: TeamInvite[] }) {
  const withdraw = useWithdrawInvite();
  if (invites.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t("team.invites.empty")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("admins.column.email")}</Table.Th>
            <Table.Th>{t("team.members.role")}</Table.Th>
            <Table.Th>{t("team.invites.expires")}</Table.Th>
            <Table.Th>{t("list.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <Table.Tr key={invite._id}>
              <Table.Td>{invite.email}</Table.Td>
              <Table.Td>{roleLabel(invite.role)}</Table.Td>
              <Table.Td>{formatDateTime(invite.expiresAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={t("team.invites.withdrawOf", { email: invite.email })}
                  loading={withdraw.isPending && withdraw.variables === invite._id}
                  onClick={() => withdraw.mutate(invite._id)}
                >
                  {t("team.invites.withdraw")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
