import { Button, Group } from "@mantine/core";
import type { Reward } from "@rewards/contract";
import { IconPlus } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { Link } from "react-router";
import { RowAction } from "../../../components/list/row-action";
import { t } from "../../../lib/i18n";
import { IdCell, RewardIcon } from "./catalog-parts";
import { catalogPaths } from "./catalog-paths";

/** The rewards table's columns (SPEC 2.9). */
export function rewardColumns(listPath: string, search: string): DataTableColumn<Reward>[] {
  return [
    {
      accessor: "_id",
      title: t("catalog.column.id"),
      sortable: true,
      render: (reward) => <IdCell id={reward._id} />,
    },
    { accessor: "name", title: t("catalog.rewards.column.name"), sortable: true },
    {
      accessor: "iconUrl",
      title: t("catalog.rewards.column.icon"),
      render: (reward) => <RewardIcon url={reward.iconUrl} name={reward.name} />,
    },
    { accessor: "order", title: t("catalog.rewards.column.priority"), sortable: true, textAlign: "right" },
    {
      accessor: "actions",
      title: t("catalog.column.actions"),
      textAlign: "right",
      render: (reward) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            component={Link}
            to={catalogPaths.rewardItems(reward._id)}
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            {t("catalog.rewards.addItems")}
          </Button>
          <RowAction kind="edit" to={`${listPath}/${reward._id}/edit`} search={search} />
          <RowAction kind="delete" to={`${listPath}/${reward._id}/cancel`} search={search} />
        </Group>
      ),
    },
  ];
}
