import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from "@mantine/core";
import type { AuditEntry } from "@rewards/contract";
import { IconFilter } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { Link } from "react-router";
import { DateCell } from "../../../components/date-cell";
import { t } from "../../../lib/i18n";
import { AuditActor } from "./audit-actor";
import { AuditChanges } from "./audit-changes";
import { actionLabel, recordPath, recordTypeLabel } from "./audit-labels";

/** The record an entry is about: its kind (a link to its screen where there is one) and its id. */
function RecordCell({ entry, onFilter }: { entry: AuditEntry; onFilter: (recordId: string) => void }) {
  const path = recordPath(entry);
  const kind = recordTypeLabel(entry.recordType);
  return (
    <Stack gap={0}>
      {path ? (
        <Anchor component={Link} to={path} size="sm">
          {kind}
        </Anchor>
      ) : (
        <Text size="sm">{kind}</Text>
      )}
      {entry.recordId && (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" ff="monospace" truncate="end" maw={150} title={entry.recordId}>
            {entry.recordId}
          </Text>
          <Tooltip label={t("audit.filterRecord")}>
            <ActionIcon
              size="xs"
              variant="subtle"
              aria-label={t("audit.filterRecord")}
              onClick={() => onFilter(entry.recordId ?? "")}
            >
              <IconFilter size={12} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Stack>
  );
}

/** The Activity page's columns: when, who, what, which record, and what changed. */
export function activityColumns(onFilterRecord: (recordId: string) => void): DataTableColumn<AuditEntry>[] {
  return [
    {
      accessor: "createdAt",
      title: t("audit.column.when"),
      sortable: true,
      render: (entry) => <DateCell iso={entry.createdAt} />,
    },
    {
      accessor: "actor",
      title: t("audit.column.who"),
      render: (entry) => <AuditActor actor={entry.actor} />,
    },
    {
      accessor: "action",
      title: t("audit.column.action"),
      render: (entry) => (
        <Text size="sm" title={entry.action} style={{ whiteSpace: "nowrap" }}>
          {actionLabel(entry.action)}
        </Text>
      ),
    },
    {
      accessor: "recordId",
      title: t("audit.column.record"),
      render: (entry) => <RecordCell entry={entry} onFilter={onFilterRecord} />,
    },
    {
      accessor: "changes",
      title: t("audit.column.changes"),
      render: (entry) => <AuditChanges changes={entry.changes} />,
    },
  ];
}
