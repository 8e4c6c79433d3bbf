import { Card, Group, Text, Title } from "@mantine/core";
import { ExportButton } from "../../../components/export-button";
import { ResourceTable } from "../../../components/list/resource-table";
import { SavedViews } from "../../../components/list/saved-views";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useAudit } from "../api/get-audit";
import { activityColumns } from "./activity-columns";
import { ActivityFilters } from "./activity-filters";
import { useActivityListState } from "./use-activity-list-state";

/** Every change an administrator made in this app, newest first (the audit log). */
export function ActivityList() {
  const list = useActivityListState();
  const audit = useAudit(list.queryParams);
  useErrorNotification(t("action.findActivity"), audit.error);
  const answer = list.queryParams ? audit.data : undefined;

  return (
    <Card withBorder radius="lg" padding="md">
      <Title order={2} fz="lg">
        {t("audit.title")}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t("audit.intro")}
      </Text>
      <SavedViews list="audit" />
      <Group justify="flex-end" mb="xs">
        <ExportButton list="audit" state={list} />
      </Group>
      <ActivityFilters list={list} />
      <ResourceTable
        state={list}
        columns={activityColumns((recordId) => list.setFilters({ recordId }))}
        records={answer?.entities ?? []}
        totalRecords={answer?.totalCount ?? 0}
        totalCountKind={answer?.totalCountKind}
        fetching={audit.isFetching}
        minWidth={1000}
      />
    </Card>
  );
}
