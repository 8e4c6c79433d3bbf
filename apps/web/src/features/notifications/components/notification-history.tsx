import { Badge, Card, Group, Pagination, Table, Text } from "@mantine/core";
import { useState } from "react";
import { ExportButton } from "../../../components/export-button";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { useNotifications } from "../api/get-notifications";

const pageSize = 10;

/** The notifications sent so far, newest first, with their outcome. */
export function NotificationHistory() {
  const [pageNumber, setPageNumber] = useState(1);
  const history = useNotifications({ pageNumber, pageSize });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md">
        <Text fw={600}>{t("notification.history")}</Text>
        <ExportButton list="notifications" />
      </Group>
      {history.isPending && <LoadingBlock />}
      {history.isError && <LoadError action={t("action.findNotification")} error={history.error} />}
      {history.data && history.data.totalCount === 0 && <Text c="dimmed">{t("list.noRecords")}</Text>}
      {history.data && history.data.totalCount > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label={t("notification.history")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("notification.column.time")}</Table.Th>
                <Table.Th>{t("notification.column.title")}</Table.Th>
                <Table.Th>{t("notification.column.result")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.entities.map((notification) => (
                <Table.Tr key={notification._id}>
                  <Table.Td>{formatDateTime(notification.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {notification.notificationTitle}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {notification.notificationBody}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={notification.status === "sent" ? "green" : "red"} variant="light">
                      {t(`notification.status.${notification.status}`)}
                    </Badge>
                    {notification.error && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {notification.error}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {history.data && history.data.totalCount > pageSize && (
        <Group justify="flex-end" mt="md">
          <Pagination
            total={Math.ceil(history.data.totalCount / pageSize)}
            value={pageNumber}
            onChange={setPageNumber}
          />
        </Group>
      )}
    </Card>
  );
}
