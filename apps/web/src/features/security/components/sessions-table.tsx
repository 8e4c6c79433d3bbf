import {
  Alert,
  Badge,
  Button,
  Group,
  Popover,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { type AdminSession, messages } from "@rewards/contract";
import { IconLogout } from "@tabler/icons-react";
import { useState } from "react";
import { DateCell } from "../../../components/date-cell";
import { LoadingBlock } from "../../../components/loading-block";
import { useForgetSession } from "../../../lib/forget-session";
import { formatDateTime, fromNow } from "../../../lib/format";
import { t, translateMessage } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { errorColor } from "../../../theme";
import { useRevokeAllSessions, useRevokeSession, useSessions } from "../api/sessions";
import { deviceName } from "../device-name";

const nowrap = { whiteSpace: "nowrap" } as const;

/** This browser's session first, then the others as the server lists them (newest first). */
const thisOneFirst = (sessions: AdminSession[]) =>
  [...sessions].sort((a, b) => Number(b.current) - Number(a.current));

/** The signed-in administrator's active sessions, each with a button that ends it. */
export function SessionsTable() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const forgetSession = useForgetSession();

  const onRevoke = (session: AdminSession) =>
    revoke.mutate(session, {
      // Ending this browser's own session is signing out.
      onSuccess: () => session.current && forgetSession(translateMessage(messages.signedOut)),
      onError: (error) => showError(t("sessions.revokeFailed"), error),
    });

  if (sessions.isPending) return <LoadingBlock />;
  if (sessions.isError) {
    return (
      <Alert color={errorColor} title={t("sessions.loadFailed")}>
        {sessions.error.message}
        <Button size="xs" mt="sm" display="block" onClick={() => sessions.refetch()}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={600}>
        <Table verticalSpacing="xs" fz="sm" aria-label={t("sessions.title")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={nowrap}>{t("sessions.column.device")}</Table.Th>
              <Table.Th style={nowrap}>{t("sessions.column.ip")}</Table.Th>
              <Table.Th style={nowrap}>{t("sessions.column.signedIn")}</Table.Th>
              <Table.Th style={nowrap}>{t("sessions.column.lastSeen")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("sessions.column.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="md">
                    {t("sessions.empty")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {thisOneFirst(sessions.data).map((session) => (
              <Table.Tr key={session._id}>
                <Table.Td miw={160}>
                  <Stack gap={2} align="flex-start">
                    <Text size="sm" fw={500} title={session.userAgent ?? undefined}>
                      {deviceName(session.userAgent)}
                    </Text>
                    {session.current && (
                      <Badge size="xs" variant="light" color="green">
                        {t("sessions.thisDevice")}
                      </Badge>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td style={{ wordBreak: "break-all" }}>{session.ip ?? t("common.none")}</Table.Td>
                <Table.Td>
                  <DateCell iso={session.createdAt} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={formatDateTime(session.lastSeenAt)}>
                    <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                      {fromNow(session.lastSeenAt)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={revoke.isPending && revoke.variables?._id === session._id}
                    onClick={() => onRevoke(session)}
                  >
                    {t("sessions.revoke")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <SignOutEverywhere />
      </Group>
    </Stack>
  );
}

/** Ends every session, this one included: asks once more first, since it signs this browser out too. */
function SignOutEverywhere() {
  const [opened, setOpened] = useState(false);
  const revokeAll = useRevokeAllSessions();
  const forgetSession = useForgetSession();
  const confirm = () =>
    revokeAll.mutate(undefined, {
      onSuccess: () => forgetSession(translateMessage(messages.sessionsEnded)),
      onError: (error) => showError(t("sessions.revokeAllFailed"), error),
    });

  return (
    <Popover opened={opened} onChange={setOpened} position="top-end" withArrow trapFocus shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLogout size={16} />}
          onClick={() => setOpened((value) => !value)}
        >
          {t("sessions.revokeAll")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={300}>
        <Stack gap="sm">
          <Text size="sm">{t("sessions.revokeAllConfirm")}</Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            <Button size="xs" color="red" loading={revokeAll.isPending} onClick={confirm}>
              {t("sessions.revokeAllSubmit")}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
