import { Badge, Button, Group, Popover, Select, Stack, Table, Text } from "@mantine/core";
import type { MemberRole, TeamMember } from "@rewards/contract";
import { useState } from "react";
import { useAuthStore } from "../../../lib/auth-store";
import { fromNow } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { useChangeRole, useRemoveMember } from "../api/team";
import { roleOptions } from "./role-label";

/** Remove, after a confirmation in a popover. */
function RemoveMember({ member }: { member: TeamMember }) {
  const [opened, setOpened] = useState(false);
  const remove = useRemoveMember();
  const name = member.fullName || member.email;
  return (
    <Popover opened={opened} onChange={setOpened} withArrow trapFocus position="left">
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={t("team.members.removeOf", { name })}
          onClick={() => setOpened((open) => !open)}
        >
          {t("team.members.remove")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={300}>
        <Stack gap="sm">
          <Text size="sm">{t("team.members.removeConfirm", { name })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            <Button
              size="xs"
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(member._id, { onSuccess: () => setOpened(false) })}
            >
              {t("team.members.remove")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The app's members: role (changed in place), two-factor sign-in, last seen; remove. */
export function MembersTable({ members }: { members: TeamMember[] }) {
  const changeRole = useChangeRole();
  const selfId = useAuthStore((state) => state.user?._id);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("admins.column.email")}</Table.Th>
            <Table.Th>{t("admins.column.fullName")}</Table.Th>
            <Table.Th>{t("team.members.role")}</Table.Th>
            <Table.Th>{t("team.members.mfa")}</Table.Th>
            <Table.Th>{t("sessions.column.lastSeen")}</Table.Th>
            <Table.Th>{t("list.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member._id}>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td fw={500}>{member.fullName}</Table.Td>
              <Table.Td>
                <Select
                  size="xs"
                  w={130}
                  aria-label={t("team.members.roleOf", { name: member.fullName || member.email })}
                  data={roleOptions()}
                  value={member.role}
                  allowDeselect={false}
                  disabled={changeRole.isPending && changeRole.variables?.id === member._id}
                  onChange={(role) => {
                    if (role && role !== member.role) {
                      changeRole.mutate({ id: member._id, role: role as MemberRole });
                    }
                  }}
                />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={member.mfaEnabled ? "green" : "gray"}>
                  {member.mfaEnabled ? t("mfa.status.on") : t("mfa.status.off")}
                </Badge>
              </Table.Td>
              <Table.Td>{member.lastSeenAt ? fromNow(member.lastSeenAt) : t("team.members.never")}</Table.Td>
              <Table.Td>{member._id !== selfId && <RemoveMember member={member} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
