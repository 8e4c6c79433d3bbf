import { Button, Card, Group } from "@mantine/core";
import type { OfferListEntity } from "@rewards/contract";
import { Link, Outlet } from "react-router";
import { ExportButton } from "../../../components/export-button";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { modalLink } from "../../../components/list/route-modal";
import { SavedViews } from "../../../components/list/saved-views";
import { SelectionBar } from "../../../components/list/selection-bar";
import { useListSelection } from "../../../components/list/use-list-selection";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useOffers } from "../api/get-offers";
import { offerColumns } from "./offers-columns";
import { OffersFilters } from "./offers-filters";
import { useOffersListState } from "./use-offers-list-state";

/** The Completed Offers list. Offers have no bulk status (decision 0009). */
export function OffersList() {
  const list = useOffersListState();
  const offers = useOffers(list.queryParams);
  useErrorNotification(t("action.findOffers"), offers.error);
  const selection = useListSelection<OfferListEntity>([list.queryParams, offers.dataUpdatedAt]);
  const answer = list.queryParams ? offers.data : undefined;

  const outlet: ListOutletContext<OfferListEntity> = {
    listPath: paths.offers.list,
    selected: selection.selected,
    clearSelection: selection.clear,
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <SavedViews list="offers" />
      <Group justify="flex-end" mb="xs">
        <ExportButton list="offers" state={list} />
        <Button size="xs" variant="light" component={Link} to={paths.postbacks.list}>
          {t("offers.postbackLog")}
        </Button>
      </Group>
      <OffersFilters list={list} />
      <SelectionBar count={selection.selected.length}>
        <Button size="xs" component={Link} {...modalLink(paths.offers.fetch, list.search)}>
          {t("list.fetchSelected")}
        </Button>
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={offerColumns(list.search)}
        records={answer?.entities ?? []}
        totalRecords={answer?.totalCount ?? 0}
        totalCountKind={answer?.totalCountKind}
        fetching={offers.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (offer) => t("list.selectRecord", { name: `${offer.offerName} (${offer.transactionId})` }),
        }}
        minWidth={1000}
      />
      <Outlet context={outlet} />
    </Card>
  );
}
