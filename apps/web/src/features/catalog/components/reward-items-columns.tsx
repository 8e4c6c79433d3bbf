import { Anchor, Badge, Group, Text } from "@mantine/core";
import { type RewardItem, rewardItemEndpoints } from "@rewards/contract";
import type { DataTableColumn } from "mantine-datatable";
import { Link } from "react-router";
import { RowAction } from "../../../components/list/row-action";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { IdCell } from "./catalog-parts";

/** Reward Cost as the items table shows it: "N P". */
export const pointsText = (points: number) => t("catalog.items.points", { points });

/** An inventory item's available codes (red when below its alert) and the way to its codes; "Manual" otherwise. */
function StockCell({ item }: { item: RewardItem }) {
  if (item.fulfilment !== "inventory") {
    return (
      <Text span size="sm" c="dimmed">
        {t("catalog.items.stock.manual")}
      </Text>
    );
  }
  const available = item.available ?? 0;
  const low = available < item.lowStockBelow;
  return (
    <Group gap="xs" wrap="nowrap">
      {low ? (
        <Badge color={errorColor} variant="light" miw="max-content">
          {t("catalog.items.stock.low", { count: available })}
        </Badge>
      ) : (
        <Text span size="sm">
          {available}
        </Text>
      )}
      <Anchor component={Link} to={paths.payouts.codes(item._id)} size="sm">
        {t("catalog.items.stock.codes")}
      </Anchor>
    </Group>
  );
}

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
      accessor: "stock",
      title: t("catalog.items.column.stock"),
      render: (item) => <StockCell item={item} />,
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
