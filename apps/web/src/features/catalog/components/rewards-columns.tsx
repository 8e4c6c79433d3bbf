import { Button, Group } from "@mantine/core";
import { type Reward, rewardEndpoints } from "@rewards/contract";
import { IconPlus } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { Link } from "react-router";
import { RowAction } from "../../../components/list/row-action";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { IdCell, RewardIcon } from "./catalog-parts";

/** The rewards table's columns. */
export function rewardColumns(search: string): DataTableColumn<Reward>[] {
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
            to={paths.catalog.rewardItems(reward._id)}
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            {t("catalog.rewards.addItems")}
          </Button>
          <RowAction
            kind="edit"
            to={paths.catalog.rewardEdit(reward.countryId, reward._id)}
            search={search}
            call={rewardEndpoints.update}
          />
          <RowAction
            kind="delete"
            to={paths.catalog.rewardCancel(reward.countryId, reward._id)}
            search={search}
            call={rewardEndpoints.delete}
          />
        </Group>
      ),
    },
  ];
}
