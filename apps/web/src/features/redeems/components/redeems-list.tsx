import { Button, Card, Group } from "@mantine/core";
import { type Redeem, redeemEndpoints } from "@rewards/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
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
import { usePayoutSettings } from "../../../lib/payout-settings";
import { useCanCall } from "../../../lib/permissions";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useRedeems } from "../api/get-redeems";
import { appUsersQueryKey, redeemsKeys } from "../api/keys";
import { PayoutsPausedAlert } from "./payouts-paused-alert";
import { redeemColumns, shortId } from "./redeems-columns";
import { RedeemsFilters } from "./redeems-filters";
import { RedeemsPayModal } from "./redeems-pay-modal";
import { useRedeemsListState } from "./use-redeems-list-state";

/** The Redeems list; its modals are child routes rendered in the Outlet. */
export function RedeemsList() {
  const list = useRedeemsListState();
  const canChangeStatus = useCanCall(redeemEndpoints.changeStatus);
  const canPayMany = useCanCall(redeemEndpoints.payMany);
  const queryClient = useQueryClient();
  // The redeems "Pay selected" was opened with; null while closed.
  const [paying, setPaying] = useState<Redeem[] | null>(null);
  const redeems = useRedeems(list.queryParams);
  const paused = usePayoutSettings().data?.paused;
  useErrorNotification(t("action.findRedeems"), redeems.error);
  const selection = useListSelection<Redeem>([list.queryParams, redeems.dataUpdatedAt]);
  // An ID filter that cannot be sent matches nothing: show no rows rather than the previous ones.
  const answer = list.queryParams ? redeems.data : undefined;

  // A started job moved statuses and points: the lists and the users' balances are refreshed on closing.
  const closePay = (started: boolean) => {
    setPaying(null);
    if (!started) return;
    selection.clear();
    void queryClient.invalidateQueries({ queryKey: redeemsKeys.all });
    void queryClient.invalidateQueries({ queryKey: appUsersQueryKey });
  };

  const outlet: ListOutletContext<Redeem> = {
    listPath: paths.redeems.list,
    selected: selection.selected,
    clearSelection: selection.clear,
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <PayoutsPausedAlert paused={paused} />
      <SavedViews list="redeems" />
      <Group justify="flex-end" mb="xs">
        <ExportButton list="redeems" state={list} />
      </Group>
      <RedeemsFilters list={list} />
      <SelectionBar count={selection.selected.length}>
        <Button size="xs" variant="light" component={Link} {...modalLink(paths.redeems.fetch, list.search)}>
          {t("list.fetchSelected")}
        </Button>
        {canChangeStatus && (
          <Button size="xs" component={Link} {...modalLink(paths.redeems.changeStatus, list.search)}>
            {t("list.updateStatus")}
          </Button>
        )}
        {canPayMany && (
          <Button size="xs" color="green" onClick={() => setPaying(selection.selected)}>
            {t("bulkPay.action")}
          </Button>
        )}
      </SelectionBar>
      {paying && <RedeemsPayModal redeems={paying} onClose={closePay} />}
      <ResourceTable
        state={list}
        columns={redeemColumns(list.search)}
        records={answer?.entities ?? []}
        totalRecords={answer?.totalCount ?? 0}
        totalCountKind={answer?.totalCountKind}
        fetching={redeems.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (redeem) =>
            t("redeems.selectRecord", { receiver: redeem.redeemEmail, id: shortId(redeem._id) }),
        }}
        minWidth={1050}
      />
      <Outlet context={outlet} />
    </Card>
  );
}
