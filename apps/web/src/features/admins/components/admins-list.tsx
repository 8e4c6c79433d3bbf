import { Alert, Button, Card, Group, Loader, Text } from "@mantine/core";
import { t } from "../../../lib/i18n";
import { errorColor } from "../../../theme";
import { useAdmins } from "../api/get-admins";
import { AdminsTable } from "./admins-table";

export function AdminsList({ currentUserId }: { currentUserId: string | undefined }) {
  const admins = useAdmins();

  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md">
        <Text fw={600}>{t("admins.title")}</Text>
        {admins.data && (
          <Text size="sm" c="dimmed">
            {t("admins.total", { count: admins.data.totalCount })}
          </Text>
        )}
      </Group>
      {admins.isPending && (
        <Group justify="center" gap="xs" py="xl">
          <Loader size="sm" />
          <Text c="dimmed">{t("common.loading")}</Text>
        </Group>
      )}
      {admins.isError && (
        <Alert color={errorColor} title={t("action.loadAdmins")}>
          {admins.error.message}
          <Button size="xs" mt="sm" display="block" onClick={() => admins.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      )}
      {admins.data && <AdminsTable admins={admins.data.entities} currentUserId={currentUserId} />}
    </Card>
  );
}
