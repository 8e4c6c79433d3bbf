import { Button, Card } from "@mantine/core";
import { actionErrors, type Reward } from "@rewards/contract";
import { IconPlus } from "@tabler/icons-react";
import { Link, Outlet } from "react-router";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { modalLink } from "../../../components/list/route-modal";
import { SelectionBar } from "../../../components/list/selection-bar";
import { useListSelection } from "../../../components/list/use-list-selection";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCountry } from "../api/get-country";
import { useRewards } from "../api/get-rewards";
import { CatalogHeader } from "./catalog-parts";
import { catalogPaths } from "./catalog-paths";
import { rewardColumns } from "./rewards-columns";
import { useRewardsListState } from "./use-catalog-list-state";

/** SPEC 2.9: the rewards of one country; its modals are child routes rendered in the Outlet. */
export function RewardsPage({ countryId }: { countryId: string }) {
  const listPath = catalogPaths.rewards(countryId);
  const country = useCountry(countryId);
  useErrorNotification(actionErrors.findCountry, country.error);
  const list = useRewardsListState();
  const rewards = useRewards(countryId, list.queryParams);
  useErrorNotification(actionErrors.findRewards, rewards.error);
  const selection = useListSelection<Reward>([list.queryParams, rewards.dataUpdatedAt]);

  const outlet: ListOutletContext<Reward> = {
    listPath,
    selected: selection.selected,
    clearSelection: selection.clear,
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <CatalogHeader
        title={t("catalog.rewards.heading", { name: country.data?.fullName ?? "…" })}
        back={catalogPaths.countries}
        action={
          <Button
            component={Link}
            {...modalLink(`${listPath}/new`, list.search)}
            leftSection={<IconPlus size={16} />}
          >
            {t("catalog.rewards.create")}
          </Button>
        }
      />
      <FilterRow>
        <SearchFilter
          value={list.filters.search ?? ""}
          onChange={(search) => list.setFilters({ search })}
          placeholder={t("catalog.rewards.searchPlaceholder")}
        />
      </FilterRow>
      <SelectionBar count={selection.selected.length}>
        <Button size="xs" variant="light" component={Link} {...modalLink(`${listPath}/fetch`, list.search)}>
          {t("list.fetchSelected")}
        </Button>
        <Button
          size="xs"
          color="red"
          component={Link}
          {...modalLink(`${listPath}/deleteRewards`, list.search)}
        >
          {t("catalog.deleteAll")}
        </Button>
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={rewardColumns(listPath, list.search)}
        records={rewards.data?.entities ?? []}
        totalRecords={rewards.data?.totalCount ?? 0}
        fetching={rewards.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (reward) => t("list.selectRecord", { name: reward.name }),
        }}
        minWidth={720}
      />
      <Outlet context={outlet} />
    </Card>
  );
}
