import { Group } from "@mantine/core";
import { type RewardItem, rewardItemEndpoints } from "@rewards/contract";
import type { DataTableColumn } from "mantine-datatable";
import { RowAction } from "../../../components/list/row-action";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { IdCell } from "./catalog-parts";

/** Reward Cost as the items table shows it: "N P". */
export const pointsText = (points: number) => t("catalog.items.points", { points });

/** The reward items table's columns. */
export function rewardItemColumns(search: string): DataTableColumn<RewardItem>[] {
  return [
    {
      accessor: "_id",
      title: t("catalog.column.id"),
      sortable: true,
      render: (item) => <IdCell id={item._id} />,
    },
    { accessor: "cost", title: t("catalog.items.column.amount"), sortable: true },
    {
      accessor: "points",
      title: t("catalog.items.column.cost"),
      sortable: true,
      textAlign: "right",
      render: (item) => pointsText(item.points),
    },
    {
      accessor: "actions",
      title: t("catalog.column.actions"),
      textAlign: "right",
      render: (item) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction
            kind="edit"
            to={paths.catalog.rewardItemEdit(item.rewardId, item._id)}
            search={search}
            call={rewardItemEndpoints.update}
          />
          <RowAction
            kind="delete"
            to={paths.catalog.rewardItemCancel(item.rewardId, item._id)}
            search={search}
            call={rewardItemEndpoints.delete}
          />
        </Group>
      ),
    },
  ];
}
