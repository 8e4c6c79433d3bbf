import { Button, Card, Group } from "@mantine/core";
import { type Reward, rewardEndpoints } from "@rewards/contract";
import { IconPlus } from "@tabler/icons-react";
import { Link, Outlet, useParams } from "react-router";
import { ExportButton } from "../../../components/export-button";
import { IfCan } from "../../../components/if-can";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { modalLink } from "../../../components/list/route-modal";
import { SavedViews } from "../../../components/list/saved-views";
import { SelectionBar } from "../../../components/list/selection-bar";
import { useListSelection } from "../../../components/list/use-list-selection";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCountry } from "../api/get-country";
import { useRewards } from "../api/get-rewards";
import { CatalogHeader } from "./catalog-parts";
import { rewardColumns } from "./rewards-columns";
import { useRewardsListState } from "./use-catalog-list-state";

/** The rewards of one country; its modals are child routes rendered in the Outlet. */
export function RewardsPage({ countryId }: { countryId: string }) {
  const listPath = paths.catalog.rewards(countryId);
  const country = useCountry(countryId);
  useErrorNotification(t("action.findCountry"), country.error);
  const list = useRewardsListState();
  const rewards = useRewards(countryId, list.queryParams);
  useErrorNotification(t("action.findRewards"), rewards.error);
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
        back={paths.catalog.countries}
        action={
          <IfCan call={rewardEndpoints.create}>
            <Button
              component={Link}
              {...modalLink(paths.catalog.rewardNew(countryId), list.search)}
              leftSection={<IconPlus size={16} />}
            >
              {t("catalog.rewards.create")}
            </Button>
          </IfCan>
        }
      />
      <SavedViews list="rewards" />
      <Group justify="flex-end" mb="xs">
        <ExportButton list="rewards" state={list} extra={{ countryId }} />
      </Group>
      <FilterRow>
        <SearchFilter
          value={list.filters.search ?? ""}
          onChange={(search) => list.setFilters({ search })}
          placeholder={t("catalog.rewards.searchPlaceholder")}
        />
      </FilterRow>
      <SelectionBar count={selection.selected.length}>
        <Button
          size="xs"
          variant="light"
          component={Link}
          {...modalLink(paths.catalog.rewardsFetch(countryId), list.search)}
        >
          {t("list.fetchSelected")}
        </Button>
        <IfCan call={rewardEndpoints.deleteMany}>
          <Button
            size="xs"
            color="red"
            component={Link}
            {...modalLink(paths.catalog.rewardsDelete(countryId), list.search)}
          >
            {t("catalog.deleteAll")}
          </Button>
        </IfCan>
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={rewardColumns(list.search)}
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

/** The rewards route: the country's id comes from the URL. */
export function RewardsRoute() {
  const { countryId = "" } = useParams();
  return <RewardsPage key={countryId} countryId={countryId} />;
}
