import { Group } from "@mantine/core";
import type { RewardItem } from "@rewards/contract";
import type { DataTableColumn } from "mantine-datatable";
import { RowAction } from "../../../components/list/row-action";
import { t } from "../../../lib/i18n";
import { IdCell } from "./catalog-parts";

/** Reward Cost as SPEC 2.10 shows it: "N P". */
export const pointsText = (points: number) => t("catalog.items.points", { points });

/** The reward items table's columns (SPEC 2.10). */
export function rewardItemColumns(listPath: string, search: string): DataTableColumn<RewardItem>[] {
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
          <RowAction kind="edit" to={`${listPath}/${item._id}/edit`} search={search} />
          <RowAction kind="delete" to={`${listPath}/${item._id}/cancel`} search={search} />
        </Group>
      ),
    },
  ];
}
