import { Button, Card } from "@mantine/core";
import { type RewardItem, rewardItemEndpoints } from "@rewards/contract";
import { IconPlus } from "@tabler/icons-react";
import { Link, Outlet, useParams } from "react-router";
import { IfCan } from "../../../components/if-can";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { modalLink } from "../../../components/list/route-modal";
import { SelectionBar } from "../../../components/list/selection-bar";
import { useListSelection } from "../../../components/list/use-list-selection";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useReward } from "../api/get-reward";
import { useRewardItems } from "../api/get-reward-items";
import { CatalogHeader } from "./catalog-parts";
import { rewardItemColumns } from "./reward-items-columns";
import { useRewardItemsListState } from "./use-catalog-list-state";

/**
 * The items of one reward. Back leads to the reward's country, not to /dash/rewards/rewards, which
 * names no country and leads to the countries (docs/features/catalog.md).
 */
export function RewardItemsPage({ rewardId }: { rewardId: string }) {
  const listPath = paths.catalog.rewardItems(rewardId);
  const reward = useReward(rewardId);
  useErrorNotification(t("action.findReward"), reward.error);
  const list = useRewardItemsListState();
  const items = useRewardItems(rewardId, list.queryParams);
  useErrorNotification(t("action.findRewardItems"), items.error);
  const selection = useListSelection<RewardItem>([list.queryParams, items.dataUpdatedAt]);

  const outlet: ListOutletContext<RewardItem> = {
    listPath,
    selected: selection.selected,
    clearSelection: selection.clear,
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <CatalogHeader
        title={t("catalog.items.heading", { name: reward.data?.name ?? "…" })}
        back={reward.data ? paths.catalog.rewards(reward.data.countryId) : paths.catalog.countries}
        action={
          <IfCan call={rewardItemEndpoints.create}>
            <Button
              component={Link}
              {...modalLink(paths.catalog.rewardItemNew(rewardId), list.search)}
              leftSection={<IconPlus size={16} />}
            >
              {t("catalog.items.create")}
            </Button>
          </IfCan>
        }
      />
      <SelectionBar count={selection.selected.length}>
        <Button
          size="xs"
          variant="light"
          component={Link}
          {...modalLink(paths.catalog.rewardItemsFetch(rewardId), list.search)}
        >
          {t("list.fetchSelected")}
        </Button>
        <IfCan call={rewardItemEndpoints.deleteMany}>
          <Button
            size="xs"
            color="red"
            component={Link}
            {...modalLink(paths.catalog.rewardItemsDelete(rewardId), list.search)}
          >
            {t("catalog.deleteAll")}
          </Button>
        </IfCan>
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={rewardItemColumns(list.search)}
        records={items.data?.entities ?? []}
        totalRecords={items.data?.totalCount ?? 0}
        fetching={items.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (item) => t("list.selectRecord", { name: item.cost }),
        }}
        minWidth={560}
      />
      <Outlet context={outlet} />
    </Card>
  );
}

/** The reward items route: the reward's id comes from the URL. */
export function RewardItemsRoute() {
  const { rewardId = "" } = useParams();
  return <RewardItemsPage key={rewardId} rewardId={rewardId} />;
}
