import { Button, Card } from "@mantine/core";
import { actionErrors, type Customer } from "@rewards/contract";
import { Link, Outlet } from "react-router";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { modalLink } from "../../../components/list/route-modal";
import { SelectionBar } from "../../../components/list/selection-bar";
import { useListSelection } from "../../../components/list/use-list-selection";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCustomers } from "../api/get-customers";
import { customerColumns, customersPath } from "./customers-columns";
import { CustomersFilters } from "./customers-filters";
import { useCustomersListState } from "./use-customers-list-state";

/** The Users list (SPEC 2.5); its modals are child routes rendered in the Outlet. */
export function CustomersList() {
  const list = useCustomersListState();
  const customers = useCustomers(list.queryParams);
  useErrorNotification(actionErrors.findCustomers, customers.error);
  const selection = useListSelection<Customer>([list.queryParams, customers.dataUpdatedAt]);
  // An ID filter that cannot be sent matches nothing: show no rows rather than the previous ones.
  const answer = list.queryParams ? customers.data : undefined;

  const outlet: ListOutletContext<Customer> = {
    listPath: customersPath,
    selected: selection.selected,
    clearSelection: selection.clear,
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <CustomersFilters list={list} />
      <SelectionBar count={selection.selected.length}>
        <Button
          size="xs"
          variant="light"
          component={Link}
          {...modalLink(`${customersPath}/fetch`, list.search)}
        >
          {t("list.fetchSelected")}
        </Button>
        <Button size="xs" component={Link} {...modalLink(`${customersPath}/updateStatus`, list.search)}>
          {t("list.updateStatus")}
        </Button>
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={customerColumns(list.search)}
        records={answer?.entities ?? []}
        totalRecords={answer?.totalCount ?? 0}
        totalCountKind={answer?.totalCountKind}
        fetching={customers.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (customer) => t("list.selectRecord", { name: customer.username }),
        }}
        minWidth={1000}
      />
      <Outlet context={outlet} />
    </Card>
  );
}
