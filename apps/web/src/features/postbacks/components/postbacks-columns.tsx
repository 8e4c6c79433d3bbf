import { Text } from "@mantine/core";
import type { PostbackLogEntry } from "@rewards/contract";
import type { DataTableColumn } from "mantine-datatable";
import { DateCell } from "../../../components/date-cell";
import { RowAction } from "../../../components/list/row-action";
import { formatCount } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { PostbackOutcomeBadge } from "./postback-outcome-badge";

/** The postback log's columns; `search` is the list's query string, kept in the modal's URL. */
export function postbackColumns(search: string): DataTableColumn<PostbackLogEntry>[] {
  return [
    {
      accessor: "createdAt",
      title: t("postbacks.column.time"),
      sortable: true,
      render: (entry) => <DateCell iso={entry.createdAt} />,
    },
    {
      accessor: "network",
      title: t("postbacks.column.network"),
      render: (entry) => entry.network.toUpperCase(),
    },
    {
      accessor: "outcome",
      title: t("postbacks.column.outcome"),
      render: (entry) => <PostbackOutcomeBadge outcome={entry.outcome} />,
    },
    {
      accessor: "reason",
      title: t("postbacks.column.reason"),
      render: (entry) => (
        <Text size="sm" lineClamp={2} miw={160} title={entry.reason}>
          {entry.reason || t("common.none")}
        </Text>
      ),
    },
    {
      accessor: "userId",
      title: t("postbacks.column.user"),
      render: (entry) => (
        <Text size="sm" truncate="end" maw={200} title={entry.userId ?? ""}>
          {entry.userId ?? t("common.none")}
        </Text>
      ),
    },
    {
      accessor: "transactionId",
      title: t("postbacks.column.transaction"),
      render: (entry) => (
        <Text size="sm" truncate="end" maw={200} title={entry.transactionId ?? ""}>
          {entry.transactionId ?? t("common.none")}
        </Text>
      ),
    },
    {
      accessor: "points",
      title: t("postbacks.column.points"),
      textAlign: "right",
      render: (entry) => formatCount(entry.points),
    },
    { accessor: "ip", title: t("postbacks.column.ip"), render: (entry) => entry.ip ?? t("common.none") },
    {
      accessor: "actions",
      title: t("list.actions"),
      textAlign: "right",
      render: (entry) => <RowAction kind="details" to={paths.postbacks.details(entry._id)} search={search} />,
    },
  ];
}
