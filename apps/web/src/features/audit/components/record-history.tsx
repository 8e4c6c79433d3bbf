import { Alert, Anchor, Group, Loader, Text, Timeline } from "@mantine/core";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useRecordHistory } from "../api/get-record-history";
import { AuditChanges } from "./audit-changes";
import { actionLabel } from "./audit-labels";

/** A record's own history for its details modal: the newest changes, who made them, and a link to all. */
export function RecordHistory({ recordId }: { recordId: string }) {
  const history = useRecordHistory(recordId);
  if (history.isPending) return <Loader size="sm" aria-label={t("common.loading")} />;
  if (history.isError) {
    return (
      <Alert color="red" variant="light">
        {t("action.loadHistory")}
      </Alert>
    );
  }
  const { entities, totalCount } = history.data;
  if (entities.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("audit.history.empty")}
      </Text>
    );
  }
  return (
    <>
      <Timeline bulletSize={12} lineWidth={2} aria-label={t("audit.history.title")}>
        {entities.map((entry) => (
          <Timeline.Item
            key={entry._id}
            title={
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {actionLabel(entry.action)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt)}
                  {" · "}
                  {entry.actor ? entry.actor.fullName || entry.actor.username : t("audit.shell")}
                </Text>
              </Group>
            }
          >
            <AuditChanges changes={entry.changes} />
          </Timeline.Item>
        ))}
      </Timeline>
      {totalCount > entities.length && (
        <Anchor component={Link} to={`${paths.activity}?recordId=${encodeURIComponent(recordId)}`} size="sm">
          {t("audit.history.all", { count: totalCount })}
        </Anchor>
      )}
    </>
  );
}
